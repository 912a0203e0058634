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

-- Every file under `dir`, as paths relative to it, sorted.
local function files_under(dir)
  local out = {}
  local pipe = io.popen("cd " .. util.shell_quote(dir) .. " && find . -type f 2>/dev/null")
  if pipe then
    for line in pipe:lines() do out[#out + 1] = line:gsub("^%./", "") end
    pipe:close()
  end
  table.sort(out)
  return out
end

local function is_dir(path)
  return os.execute("test -d " .. util.shell_quote(path)) == true
end

-- The syntax trees of `paths` from Ruby's Ripper, by path; nil and why when Ruby cannot be run.
local function parse(paths)
  if #paths == 0 then return {} end
  if not os.execute("command -v ruby >/dev/null 2>&1") then
    return nil, "Ruby's parser is needed to read the step definitions and no `ruby` is on PATH: install it "
      .. "(Debian: apt-get install ruby; scripts/install --test-deps does)"
  end
  local here = debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$") or "."
  local command = { "ruby", util.shell_quote(here .. "/ripper_json.rb") }
  for _, p in ipairs(paths) do command[#command + 1] = util.shell_quote(p) end
  local pipe = io.popen(table.concat(command, " ") .. " 2>&1")
  if not pipe then return nil, "cannot run ruby" end
  local text = pipe:read("a")
  local ok = pipe:close()
  if not ok then return nil, "ruby could not read the step definitions: " .. text end
  local trees, err = json.decode(text)
  if type(trees) ~= "table" then return nil, "ruby's syntax trees are not JSON: " .. tostring(err) end
  return trees
end

---Ports the Frank features folder `features` into `out`. Returns the exit status (0 written, 2 cannot).
---@param features string
---@param out string
---@return integer
function M.run(features, out)
  if type(features) ~= "string" or not is_dir(features) then
    return fail(("%s is not a folder: give a Frank project's features folder"):format(tostring(features)))
  end
  if type(out) ~= "string" or out == "" then return fail("give the folder to write the fscript suite in (--out)") end
  features = features:gsub("/+$", "")
  out = out:gsub("/+$", "")
  local files = files_under(features)
  local ruby_files, ruby_paths = {}, {}
  for _, f in ipairs(files) do
    if f:sub(-3) == ".rb" then
      ruby_files[#ruby_files + 1] = f
      ruby_paths[#ruby_paths + 1] = features .. "/" .. f
    end
  end
  local trees, err = parse(ruby_paths)
  if not trees then return fail(err) end
  local ok, mkerr = util.mkdir(out)
  if not ok then return fail(("cannot create %s: %s"):format(out, tostring(mkerr))) end
  local defs = {}
  for _, path in ipairs(ruby_paths) do unit.defs(trees[path] and trees[path].tree, defs) end
  local results = { features = features, out = out, files = {}, copied = {}, skipped = {} }
  for _, f in ipairs(files) do
    if f:sub(-8) == ".feature" then
      local what, werr = output.copy(features .. "/" .. f, out .. "/" .. f)
      results.copied[#results.copied + 1] = { file = f, what = what, err = werr }
    elseif f:sub(-3) ~= ".rb" then
      results.skipped[#results.skipped + 1] = f
    end
  end
  for i, f in ipairs(ruby_files) do
    local source = util.read_file(ruby_paths[i]) or ""
    local in_steps = f:find("step_definitions/", 1, true) ~= nil
    local parsed = trees[ruby_paths[i]] or { error = "no syntax tree" }
    local result = unit.translate(f, source, parsed, defs, not in_steps)
    -- Ruby outside step_definitions/ and support/ (a lib/ folder) goes under support/, which fscript loads
    -- before the features; anywhere else a .lua file would run as a test.
    local target = f:sub(1, -4) .. ".lua"
    if not in_steps and not f:find("support/", 1, true) then target = "support/" .. target end
    result.file, result.target = f, target
    result.what, result.err = output.write(out .. "/" .. target, output.with_header(f, result.lua))
    results.files[#results.files + 1] = result
  end
  local text, summary = report.markdown(results)
  util.write_file(out .. "/PORT.md", text)
  print(summary)
  for _, r in ipairs(results.files) do
    if r.what == "kept" then
      print(("  kept %s/%s: edited since fscript port wrote it%s"):format(out, r.target,
        r.err and (" (" .. r.err .. ")") or ""))
    end
  end
  return 0
end

return M
