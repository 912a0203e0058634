---Which scenarios a run selects, beyond the tag filter: `--name REGEX` (the scenario's name matches the regular
---expression anywhere, as cucumber's `--name` does) and `FILE:LINE` arguments (the scenario, or the Examples
---row, at that line of that file; several lines as `FILE:LINE:LINE`). Both narrow the tag filter's choice.
local tags_mod = require("fscript.run.tags")
local util = require("fscript.util")

local M = {}

local function exists(path)
  local f = io.open(path, "r")
  if f then f:close() end
  return f ~= nil
end

---Splits `FILE:LINE[:LINE…]` arguments into their file and a set of lines per file. An argument that names an
---existing file as it is stays a file (a name may hold a colon).
---@param files string[]
---@return string[] files the paths, without line suffixes
---@return table<string, table<integer, boolean>>? lines per path, nil when no argument has lines
function M.split_lines(files)
  local paths, lines = {}, nil
  for i, arg in ipairs(files) do
    local path, suffix = arg:match("^(.-)(:[%d:]+)$")
    if path and path ~= "" and suffix:gsub(":%d+", "") == "" and not exists(arg) then
      lines = lines or {}
      -- Keyed as discovery spells the file (`./a.feature:3` selects in `a.feature`).
      local key = util.clean_path(path)
      lines[key] = lines[key] or {}
      for n in suffix:gmatch("%d+") do lines[key][tonumber(n)] = true end
      paths[i] = path
    else
      paths[i] = arg
    end
  end
  return paths, lines
end

---The run's filter: the tag filter with the name pattern and the lines attached, or nil and why. `opts.files`
---loses its line suffixes here, so every later reader of it (discovery, workers' planning) sees plain paths.
---@param opts fscript.RunOptions
---@return table? filter
---@return string? err
function M.parse(opts)
  local filter, err = tags_mod.parse(opts.tags)
  if not filter then return nil, err end
  if opts.name ~= nil then
    if type(opts.name) ~= "string" or opts.name == "" then return nil, "--name must be a non-empty string" end
    local match = util.host().regex_match
    if not match then return nil, "--name needs fscript (fscript.regex_match)" end
    local ok, problem = pcall(match, opts.name, "")
    if not ok then return nil, ("--name %q is not a regular expression: %s"):format(opts.name, tostring(problem)) end
    filter.name = opts.name
  end
  if type(opts.files) == "table" then
    local paths, lines = M.split_lines(opts.files)
    if lines then
      for i, path in ipairs(paths) do opts.files[i] = path end
      filter.lines = lines
    end
  end
  return filter
end

-- The lines a scenario answers to, as cucumber-ruby's: its own (`where` is FILE:LINE; an outline row's is the
-- row's), for an outline row the outline's (which selects every row), and the lines of its own steps.
local function at_line(lines, spec)
  local path, line = tostring(spec.where or ""):match("^(.*):(%d+)$")
  local wanted = path and lines[path]
  if not wanted then return false end
  if wanted[tonumber(line)] then return true end
  local outline = spec.outline_line
  if outline ~= nil and wanted[outline] == true then return true end
  for _, step_line in ipairs(spec.step_lines or {}) do
    if wanted[step_line] then return true end
  end
  return false
end

---What a run says when its filter chose none of its `declared` scenarios: a typo, a renamed tag or a stale line
---number, never a green run of nothing (exit 2). Nil when there was nothing to choose from or no filter.
---@param filter table the run's filter (`M.parse`)
---@param declared integer the scenarios the files declare
---@param known_tags? string[] the tags the files use, to list beside a tag filter
---@return string? message
function M.nothing_selected(filter, declared, known_tags)
  if declared == 0 then return nil end
  local parts = {}
  if not filter.empty then parts[#parts + 1] = ("--tags %q"):format(filter.source) end
  if filter.name then parts[#parts + 1] = ("--name %q"):format(filter.name) end
  if filter.lines then
    local given = {}
    for path, lines in pairs(filter.lines) do
      local numbers = {}
      for n in pairs(lines) do numbers[#numbers + 1] = n end
      table.sort(numbers)
      given[#given + 1] = path .. ":" .. table.concat(numbers, ":")
    end
    table.sort(given)
    parts[#parts + 1] = table.concat(given, " ")
  end
  if #parts == 0 then return nil end
  local message = ("%s %s none of the %d scenarios"):format(table.concat(parts, " and "),
    #parts > 1 and "select" or "selects", declared)
  if not filter.empty and known_tags then
    message = message .. "; the tags that exist: " .. (#known_tags > 0 and table.concat(known_tags, ", ") or "(none)")
  end
  if filter.lines then
    message = message .. "; a line selects the scenario, Examples row or step written on it"
  end
  return message
end

---True when the filter selects the scenario (`{name =, tags =, where =, outline_line =}`).
---@param filter table
---@param spec table
---@return boolean
function M.matches(filter, spec)
  if not tags_mod.matches(filter, spec.tags) then return false end
  if filter.name and not util.host().regex_match(filter.name, spec.name or "") then return false end
  if filter.lines then
    local path = tostring(spec.where or ""):match("^(.*):%d+$")
    -- A file given without lines keeps all its scenarios.
    if path and filter.lines[path] and not at_line(filter.lines, spec) then return false end
  end
  return true
end

return M
