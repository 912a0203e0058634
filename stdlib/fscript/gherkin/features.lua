---`.feature` files in a run: each Gherkin scenario (after Background and Outline expansion, see
---`fscript.gherkin.parser`) becomes a runner scenario whose steps run through the step catalog, with the feature's tags
---and its keywords as written (`Angenommen`, `*`). Step definitions live in Lua files under a `step_definitions`
---folder, as in a cucumber project: they load before any test of the run.
local gherkin = require("fscript.gherkin.parser")
local data_table = require("fscript.steps.data_table")
local util = require("fscript.util")

local M = {}

---True for a path the runner treats as Gherkin: a `.feature`, or a `.feature.md` (Markdown with Gherkin, see
---`fscript.gherkin.markdown`).
---@param path string
---@return boolean
function M.is_feature(path)
  return path:match("%.feature$") ~= nil or path:match("%.feature%.md$") ~= nil
end


-- `FILE:LINE:COLUMN: message` lines for parse errors and warnings, in the file's order.
local function located(path, errors, warnings)
  local all = {}
  for _, e in ipairs(errors) do all[#all + 1] = { e = e, text = e.message } end
  for _, w in ipairs(warnings) do all[#all + 1] = { e = w, text = "warning: " .. w.message } end
  table.sort(all, function(a, b)
    if a.e.line ~= b.e.line then return a.e.line < b.e.line end
    return a.e.column < b.e.column
  end)
  local lines = {}
  for i, item in ipairs(all) do lines[i] = ("%s:%d:%d: %s"):format(path, item.e.line, item.e.column, item.text) end
  return lines
end

---Parses a feature file. Returns its pickles, no error, and its warnings as `FILE:LINE:COLUMN: warning: message`
---lines (valid Gherkin that looks like a typo: a description line starting with `The`, read as text; an Outline
---placeholder no Examples column defines). On failure
---returns nil and one `FILE:LINE:COLUMN: message` line per error, with the warnings among them. With `strict`,
---every warning is an error.
---@param path string
---@param opts? {strict?: boolean}
---@return fscript.Pickle[]? pickles
---@return string? errors
---@return string[] warnings
function M.load(path, opts)
  if opts ~= nil and type(opts) ~= "table" then
    error(("bad argument #2 to 'load' (table expected, got %s)"):format(type(opts)), 2)
  end
  local text, err = util.read_file(path)
  if not text then return nil, ("%s: cannot read the file (%s)"):format(path, err), {} end
  local doc, errors, warnings = gherkin.parse(text, { strict = opts and opts.strict,
    markdown = path:match("%.feature%.md$") ~= nil })
  if #errors > 0 then return nil, table.concat(located(path, errors, warnings), "\n"), {} end
  for _, w in ipairs(require("fscript.gherkin.outline_placeholders").check(doc)) do
    if opts and opts.strict then errors[#errors + 1] = w else warnings[#warnings + 1] = w end
  end
  if #errors > 0 then return nil, table.concat(located(path, errors, warnings), "\n"), {} end
  local compiled, pickles = pcall(gherkin.pickles, doc)
  if not compiled then
    if not require("fscript.gherkin.pickles").is_expansion_error(pickles) then error(pickles, 0) end
    return nil, ("%s:%d:1: %s"):format(path, pickles.line or 0, pickles.message), {}
  end
  local lines = located(path, {}, warnings)
  -- A file with text but no scenario runs nothing: say so rather than pass without a word.
  if #pickles == 0 and text:find("[^%s]") then
    lines[#lines + 1] = ("%s: warning: no scenario in this file%s"):format(path,
      doc.feature and "" or " (no 'Feature:' line was found)")
  end
  return pickles, nil, lines
end

-- The step's argument as a Lua value: a data table as an `fscript.DataTable` (the list of rows, each a list of
-- strings, with cucumber's helpers: `hashes`, `rows_hash`, …), a doc string as its text. A step with both gets
-- the table, with the doc string as `doc_string` on it.
local function argument(step)
  if step.data_table then
    return data_table.new(step.data_table, step.doc_string and step.doc_string.content)
  end
  return step.doc_string and step.doc_string.content
end

-- Info and preconditions written as tags (a Gherkin scenario has no options table): `@info:ticket=FS-17` sets
-- info.ticket, `@precondition:signed_in` sets preconditions.signed_in = true and `@precondition:user=alice`
-- preconditions.user = "alice". Tags on the feature, rule or examples count for each of their scenarios.
local function facts_of(tags)
  local info, preconditions = {}, {}
  for _, tag in ipairs(tags) do
    local kind, rest = tag:match("^@?(%a+):(.+)$")
    local into = (kind == "info" and info) or (kind == "precondition" and preconditions) or nil
    if into then
      local key, value = rest:match("^([^=]+)=(.*)$")
      if key then into[key] = value else into[rest] = true end
    end
  end
  return info, preconditions
end

---The name a pickle's case has in every report: the scenario's name, and for a Scenario Outline's row whose
---expanded name does not already tell it from the outline's other rows (no `<placeholder>` in the name, or one
---whose values repeat), the row too, as cucumber-ruby's JUnit formatter writes it:
---`NAME (outline example : | alice | 3 |)`.
---@param pickle fscript.Pickle
---@return string
function M.case_name(pickle)
  local example = pickle.example
  if not example or example.distinct then return pickle.name end
  return ("%s (outline example : | %s |)"):format(pickle.name, table.concat(example.values, " | "))
end

---What cucumber's JSON report needs of a pickle's case (`case.gherkin`): the feature, its Background, which
---outline row it is, and every step (also those a failure skipped). A message stream's reader
---(`fscript.report.merge_reader`) makes the same record from the stream's source.
---@param path string
---@param pickle fscript.Pickle
---@return table
function M.gherkin_record(path, pickle)
  return { uri = path, feature = pickle.feature, feature_info = pickle.feature_info, keyword = pickle.keyword,
    line = pickle.line, tags = pickle.tag_records, steps = pickle.steps, background = pickle.background,
    example = pickle.example }
end

---The runner scenario for a pickle of `path`: its steps run in `session` with their keywords as written.
---@param session fscript.Session
---@param path string
---@param pickle fscript.Pickle
---The lines of a pickle's own steps (not its Background's): FILE:LINE on one of them selects the scenario, as
---cucumber-ruby's line filter does.
---@param pickle table
---@return integer[]
function M.step_lines(pickle)
  local lines = {}
  for _, step in ipairs(pickle.steps) do
    if not step.background then lines[#lines + 1] = step.line end
  end
  return lines
end

---@return table spec as `Session:add_scenario` takes it
function M.scenario(session, path, pickle)
  local tags = {}
  for i, tag in ipairs(pickle.tags) do tags[i] = tag:gsub("^@", "") end
  local info, preconditions = facts_of(pickle.tags)
  return {
    name = M.case_name(pickle),
    tags = tags,
    info = info,
    preconditions = preconditions,
    where = ("%s:%d"):format(path, pickle.line),
    gherkin = M.gherkin_record(path, pickle),
    -- An outline row's outline, and the scenario's own step lines, for FILE:LINE (fscript.run.selection).
    outline_line = pickle.outline_line,
    step_lines = M.step_lines(pickle),
    fn = function()
      for i, step in ipairs(pickle.steps) do
        session:run_step(util.trim(step.keyword), step.text, argument(step), ("%s:%d"):format(path, step.line),
          step.background, i)
      end
    end,
  }
end

-- The folder holding `path` (a file), "." for a bare name.
local function folder_of(path)
  return path:match("^(.*)/[^/]*$") or "."
end

-- Whether `file` lies under a folder named `name`: `features/step_definitions/x.lua`, and from inside the
-- folder that holds it, `step_definitions/x.lua`.
local function under(file, name)
  return file:find("/" .. name .. "/", 1, true) ~= nil or file:sub(1, #name + 1) == name .. "/"
end

---The support and step definition files a run loads before any test, as cucumber does: the Lua files under
---the `step_definitions` folders (and the `support` folders beside them) beside each path and in every folder
---above it (up to the current directory), and every such folder under a directory given on the command line.
---Support files come first, then step definitions, each group sorted.
---@param paths string[] the run's paths as given
---@param is_dir fun(path: string): boolean
---@param list fun(dir: string): string[] every test file under a directory
---@return string[]
function M.step_files(paths, is_dir, list)
  local seen, support, defs = {}, {}, {}
  local function add(file)
    -- One file, one load: `./step_definitions/x.lua` and `step_definitions/x.lua` (`fscript .`) are one file.
    file = util.clean_path(file)
    if not file:match("%.lua$") or seen[util.file_key(file)] then return end
    seen[util.file_key(file)] = true
    if under(file, "step_definitions") then
      defs[#defs + 1] = file
      return
    end
    -- A support folder is cucumber's only beside step_definitions (features/support); elsewhere `support`
    -- holds helper modules that tests require, which must not run on their own.
    local root = file:match("^(.*)/support/") or (file:match("^support/") and ".")
    if root and is_dir((root == "." and "" or root .. "/") .. "step_definitions") then
      support[#support + 1] = file
    end
  end
  -- The step_definitions folder (and the support folder beside it) of `dir` and of every folder above it, up
  -- to the current directory: a feature in features/payments/ uses the steps of features/ too, as in cucumber.
  local function upward(dir)
    while true do
      local prefix = dir == "." and "" or dir .. "/"
      if is_dir(prefix .. "step_definitions") then
        for _, name in ipairs({ "support", "step_definitions" }) do
          if is_dir(prefix .. name) then
            for _, file in ipairs(list(prefix .. name)) do add(file) end
          end
        end
      end
      if dir == "." or dir == "/" or dir == "" then return end
      dir = dir:find("/") and folder_of(dir) or "."
    end
  end
  for _, path in ipairs(paths) do
    if is_dir(path) then
      local dir = path:gsub("/+$", "")
      for _, file in ipairs(list(dir)) do
        if under(file, "step_definitions") or under(file, "support") then add(file) end
      end
      upward(dir:find("/") and folder_of(dir) or ".")
    elseif M.is_feature(path) then
      upward(folder_of(path))
    end
  end
  table.sort(support)
  table.sort(defs)
  for _, file in ipairs(defs) do support[#support + 1] = file end
  return support
end

return M
