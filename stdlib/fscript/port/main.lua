---`fscript port frank FEATURES_DIR --out OUT_DIR`: a Frank suite's features folder as an fscript suite. The
---`.feature` files are copied untouched; each Ruby file (step_definitions, support, env.rb) becomes a Lua file
---beside them, from the syntax tree Ruby's own parser gives (`ripper_json.rb`, run with the system's `ruby`);
---PORT.md says per file which step definitions converted whole and which lines did not.
local util = require("fscript.util")
local json = require("fscript.json")
local unit = require("fscript.port.unit")
local output = require("fscript.port.output")
local report = require("fscript.port.report")

local M = {}

local function fail(message)
  io.stderr:write("fscript port: " .. message .. "\n")
  return 2
end

-- The temporary files of one port, removed on every path out of it (Ctrl-C included).
local function temporaries()
  local list = {}
  return {
    new = function()
      local path = os.tmpname()
      list[#list + 1] = path
      return path
    end,
    remove = function()
      for _, path in ipairs(list) do os.remove(path) end
    end,
  }
end

-- Every regular file under `dir`, as paths relative to it, sorted. `find -print0` writes NUL-separated names to a
-- file, so a folder name holding a newline (and `..`) stays one name, not two paths; the command runs through
-- `os.execute`, which Ctrl-C stops.
local function files_under(dir, temp)
  local listing = temp.new()
  os.execute(("cd %s && find . -type f -print0 > %s 2>/dev/null"):format(util.shell_quote(dir),
    util.shell_quote(listing)))
  local out = {}
  for name in (util.read_file(listing) or ""):gmatch("[^\0]+") do out[#out + 1] = name:gsub("^%./", "") end
  table.sort(out)
  return out
end

local function is_dir(path)
  return os.execute("test -d " .. util.shell_quote(path)) == true
end

-- The syntax trees of `paths` from Ruby's Ripper, in their order (`{tree =, comments =}` or `{error =}` each); nil
-- and why when Ruby cannot be run. Ruby's standard error (its warnings) is kept apart from the JSON, and shown
-- only when Ruby itself failed.
local function parse(paths, temp)
  if #paths == 0 then return {} end
  local list, trees_file, errors_file = temp.new(), temp.new(), temp.new()
  local ok, err = util.write_file(list, table.concat(paths, "\0"))
  if not ok then return nil, err end
  local here = debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$") or "."
  local status, why = require("fscript.port.host").parse(here .. "/ripper_json.rb", list, trees_file, errors_file)
  local stderr = util.read_file(errors_file) or ""
  if status == 127 then
    return nil, "Ruby's parser is needed to read the step definitions and no `ruby` is on PATH: install it "
      .. "(Debian: apt-get install ruby; scripts/install --test-deps does)"
  end
  if status ~= 0 then
    return nil, ("ruby could not read the step definitions (%s): %s"):format(why or ("exit " .. tostring(status)),
      stderr)
  end
  -- One line per file: each decoded on its own, so the stretches no Ctrl-C can cut stay one file long.
  local trees = {}
  for line in (util.read_file(trees_file) or ""):gmatch("[^\n]+") do
    local tree, jerr = json.decode(line)
    if type(tree) ~= "table" then
      return nil, "ruby's syntax trees are not JSON: " .. tostring(jerr) .. (stderr ~= "" and ("\n" .. stderr) or "")
    end
    trees[#trees + 1] = tree
  end
  if #trees ~= #paths then
    return nil, ("ruby gave %d syntax trees for %d files%s"):format(#trees, #paths,
      stderr ~= "" and (": " .. stderr) or "")
  end
  return trees
end

-- Ports the checked folders; the exit status (see `run`).
local function port(features, out, temp)
  local files, problems = {}, {}
  for _, f in ipairs(files_under(features, temp)) do
    if output.inside(features, features .. "/" .. f) then
      files[#files + 1] = f
    else
      problems[#problems + 1] = ("%s/%s leads out of %s; not read"):format(features, f, features)
    end
  end
  local ruby_files, ruby_paths = {}, {}
  for _, f in ipairs(files) do
    if f:sub(-3) == ".rb" then
      ruby_files[#ruby_files + 1] = f
      ruby_paths[#ruby_paths + 1] = features .. "/" .. f
    end
  end
  local trees, err = parse(ruby_paths, temp)
  if not trees then return fail(err) end
  local ok, mkerr = util.mkdir(out)
  if not ok then return fail(("cannot create %s: %s"):format(out, tostring(mkerr))) end
  local defs = {}
  for i in ipairs(ruby_paths) do unit.defs(trees[i].tree, defs) end
  local results = { features = features, out = out, files = {}, copied = {}, skipped = {} }
  for _, f in ipairs(files) do
    if f:sub(-8) == ".feature" then
      local what, werr = output.copy(features .. "/" .. f, out .. "/" .. f, out)
      results.copied[#results.copied + 1] = { file = f, what = what, err = werr }
      if what == "failed" then problems[#problems + 1] = werr end
    elseif f:sub(-3) ~= ".rb" then
      results.skipped[#results.skipped + 1] = f
    end
  end
  local unparsed = {}
  for i, f in ipairs(ruby_files) do
    local source = util.read_file(ruby_paths[i]) or ""
    local in_steps = f:find("step_definitions/", 1, true) ~= nil
    local parsed = trees[i]
    if parsed.error then
      unparsed[#unparsed + 1] = ("%s: Ruby cannot parse it: %s"):format(ruby_paths[i], parsed.error)
    end
    local result = unit.translate(f, source, parsed, defs, not in_steps)
    -- Ruby outside step_definitions/ and support/ (a lib/ folder) goes under support/, which fscript loads
    -- before the features; anywhere else a .lua file would run as a test.
    local target = f:sub(1, -4) .. ".lua"
    if not in_steps and not f:find("support/", 1, true) then target = "support/" .. target end
    result.file, result.target = f, target
    result.what, result.err = output.write(out .. "/" .. target, output.with_header(f, result.lua), out)
    if result.what == "failed" then problems[#problems + 1] = result.err end
    results.files[#results.files + 1] = result
  end
  local text, summary = report.markdown(results)
  local written, werr = util.write_file(out .. "/PORT.md", text)
  if not written then problems[#problems + 1] = werr end
  print(written and summary or (summary:gsub("; [^;]*/PORT%.md$", ""))) -- PORT.md named only once it is on disk
  for _, r in ipairs(results.files) do
    if r.what == "kept" then print(("  kept %s/%s: edited since fscript port wrote it"):format(out, r.target)) end
  end
  for _, line in ipairs(unparsed) do io.stderr:write("fscript port: " .. line .. "\n") end
  if #problems > 0 then
    for _, line in ipairs(problems) do io.stderr:write("fscript port: " .. line .. "\n") end
    return 2
  end
  return #unparsed > 0 and 1 or 0
end

---Ports the Frank features folder `features` into `out`. Returns the exit status: 0 written; 1 written, but some
---Ruby files do not parse (each is named on standard error and in PORT.md, and the others are ported); 2 cannot
---(bad arguments, no Ruby, a file that cannot be written or that leads out of its folder, each named). Ctrl-C and
---SIGTERM raise the host's stop, which the command turns into 130; the temporary files go on every path.
---@param features string
---@param out string
---@return integer
function M.run(features, out)
  if type(features) ~= "string" or not is_dir(features) then
    return fail(("%s is not a folder: give a Frank project's features folder"):format(tostring(features)))
  end
  if type(out) ~= "string" or out == "" then return fail("give the folder to write the fscript suite in (--out)") end
  local temp = temporaries()
  local ok, code = pcall(port, (features:gsub("/+$", "")), (out:gsub("/+$", "")), temp)
  temp.remove()
  if not ok then error(code, 0) end
  return code
end

return M
