---Failure artifacts: `<root>/<file>/<scenario>/dump.json` (the target's view tree) and `screen.png`
---(the target's screenshot), plus a short text summary of the dump for the console.
local json = require("fscript.json")
local util = require("fscript.util")

local M = {}

---A path segment made of a name: letters, digits, `-`, `_` and `.` kept, anything else becomes `_`.
---@param name string
---@return string
function M.segment(name)
  local s = name:gsub("%.lua$", ""):gsub("[^%w%-_%.]+", "_"):gsub("^_+", ""):gsub("_+$", "")
  return s ~= "" and s or "unnamed"
end

---The folder of a case's artifacts (failure picture and dump, trace, step pictures): `<root>/<file>/<case>`.
---@param root string the artifacts folder
---@param file string the test file's path
---@param case_name string
---@return string
function M.folder(root, file, case_name)
  return ("%s/%s/%s"):format(root, M.segment(file:match("([^/]+)$") or file), M.segment(case_name))
end

---The target's dump, or nil and why (errors are expected here: the target may be gone).
---@return table? dump
---@return string? err
function M.dump()
  local app = util.app()
  if not app then return nil, "no target" end
  local ok, tree = pcall(app.dump, app)
  if not ok then
    if util.is_fatal(tree) then error(tree, 0) end
    return nil, tostring(tree)
  end
  return tree
end

local function describe(node)
  local bits = {}
  for _, key in ipairs({ "accessibilityLabel", "text", "placeholder" }) do
    local v = node[key]
    if type(v) == "string" and v ~= "" then bits[#bits + 1] = ("%s=%q"):format(key == "accessibilityLabel"
      and "label" or key, v) end
  end
  if node.isOn ~= nil then bits[#bits + 1] = "isOn=" .. tostring(node.isOn) end
  return bits
end

---Up to `limit` lines describing the dump's views that have a label, text or placeholder, indented by depth
---(relative to the shallowest one listed, so the containers without text add no margin).
---@param tree table
---@param limit? integer default 25
---@return string[]
function M.summary(tree, limit)
  limit = limit or 25
  local found, hidden, shallowest = {}, 0, math.huge
  local function walk(node, depth)
    if util.truthy(node.isHidden) then return end
    local bits = describe(node)
    if #bits > 0 then
      if #found < limit then
        found[#found + 1] = { depth = depth, text = tostring(node.class) .. " " .. table.concat(bits, " ") }
        shallowest = math.min(shallowest, depth)
      else
        hidden = hidden + 1
      end
    end
    for _, child in ipairs(node.subviews or {}) do walk(child, depth + 1) end
  end
  if type(tree) == "table" then walk(tree, 0) end
  local lines = {}
  for i, view in ipairs(found) do
    lines[i] = ("  "):rep(math.min(view.depth - shallowest, 8)) .. view.text
  end
  if hidden > 0 then lines[#lines + 1] = ("… and %d more views"):format(hidden) end
  return lines
end

---Writes the artifacts of a failed case. Returns the paths written, the files that could not be written (a full
---disk: an infrastructure error) and what could not be taken (a target gone with its browser: a note only).
---@param root string the artifacts folder
---@param file string the script path
---@param case_name string
---@param tree? table the dump, if already fetched
---@return string[] written
---@return string[] problems files not written, each with its reason
---@return string[] missed pictures not taken, each with its reason
function M.write(root, file, case_name, tree)
  local dir = M.folder(root, file, case_name)
  local written, problems, missed = {}, {}, {}
  local app = util.app()
  -- Without a dump or a target to photograph there is nothing to keep: no empty folders.
  if not tree and not (app and app.screenshot) then return written, problems, missed end
  local ok, err = util.mkdir(dir)
  if not ok then return written, { err or ("cannot create " .. dir) }, missed end
  if tree then
    local path = dir .. "/dump.json"
    local encoded, text = pcall(json.encode, tree, { indent = "  " })
    local wrote, why = false, text
    if encoded then wrote, why = util.write_file(path, text .. "\n") end
    if wrote then written[#written + 1] = path else problems[#problems + 1] = tostring(why) end
  end
  if app and app.screenshot then
    -- Taken first, then written: a target that cannot show its screen is not a file fscript failed to write.
    local path = dir .. "/screen.png"
    local shot, png = pcall(app.screenshot, app)
    if not shot then
      missed[#missed + 1] = ("screenshot not taken: %s"):format(tostring(png))
    else
      local wrote, why = util.write_file(path, png)
      if wrote then written[#written + 1] = path else problems[#problems + 1] = tostring(why) end
    end
  end
  return written, problems, missed
end

return M
