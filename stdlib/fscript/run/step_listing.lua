---`fscript steps [--json] [WORD]`: the step catalog as a person or an editor reads it.
local session_mod = require("fscript.session")
local json = require("fscript.json")
local discovery = require("fscript.run.discovery")
local features = require("fscript.gherkin.features")

local M = {}

---The step catalog for `fscript steps [--json]`: every step's pattern and where it is defined.
---`files` are loaded first so their own steps are listed too; while loading, the step words
---(Given, When, …) do nothing and scenarios do not run, so nothing touches the target.
---With `search`, only the steps whose pattern or description contains it (any case).
---@param opts? {json?: boolean, files?: string[], search?: string}
---@return string text ready to print
function M.render(opts)
  opts = opts or {}
  local env = setmetatable({}, { __index = _G })
  local session = session_mod.new()
  session:install(env)
  for _, keyword in ipairs({ "Given", "When", "Then", "And", "But" }) do env[keyword] = function() end end
  -- A suite's support and step definition files first, as a run loads them (`fscript steps features/`), then
  -- its Lua test files; `.feature` files define no steps and are not Lua.
  local files = features.step_files(opts.files or {}, discovery.is_dir, discovery.test_files)
  for _, path in ipairs(discovery.expand(opts.files or {})) do
    if path:match("%.lua$") then files[#files + 1] = path end
  end
  for _, path in ipairs(files) do
    local chunk, err = loadfile(path, "t", env)
    if chunk then pcall(chunk) else io.stderr:write(("fscript: %s\n"):format(err)) end
  end
  local docs = require("fscript.catalog.docs").steps
  local list = {}
  local wanted = opts.search and opts.search:lower()
  for _, s in ipairs(session.registry:list()) do
    local doc = docs[s.pattern] or {}
    s.description, s.example = doc.description, doc.example
    local text = (s.pattern .. " " .. (s.description or "")):lower()
    if not wanted or text:find(wanted, 1, true) then list[#list + 1] = s end
  end
  if opts.json then return json.encode(list, { indent = "  " }) .. "\n" end
  if #list == 0 then return ("no step matches %q; fscript steps lists them all\n"):format(opts.search or "") end
  local lines = {}
  for _, s in ipairs(list) do
    lines[#lines + 1] = ("%-70s %s"):format(s.pattern, s.location)
    if s.description then lines[#lines + 1] = "    " .. s.description end
    if s.example then lines[#lines + 1] = "    e.g. " .. s.example end
  end
  return table.concat(lines, "\n") .. "\n"
end

return M
