---Ids renamed in order of first appearance, so two message streams that differ only in the ids their tools
---handed out compare equal. Every field named `id`, or ending in `Id` or `Ids`, holds ids. A message is walked
---with its keys sorted (arrays in order), the same order on both sides whatever order the writer put its keys
---in; one renamer serves a whole stream, so a reference to an earlier message's id gets that message's new name.
local M = {}

local function is_id_key(key)
  return key == "id" or key:sub(-2) == "Id" or key:sub(-3) == "Ids"
end

---A renamer: `rename(message)` returns a copy of the message with its ids renamed ("1", "2", … in order of
---first appearance across every message it has seen).
---@return fun(message: table): table
function M.renamer()
  local names, count = {}, 0
  local function name(id)
    if names[id] == nil then
      count = count + 1
      names[id] = tostring(count)
    end
    return names[id]
  end
  local function walk(value)
    if type(value) ~= "table" then return value end
    local keys = {}
    for k in pairs(value) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b)
      if type(a) == type(b) then return a < b end
      return type(a) == "number"
    end)
    local out = {}
    for _, k in ipairs(keys) do
      local v = value[k]
      if type(k) == "string" and is_id_key(k) and type(v) == "string" then
        out[k] = name(v)
      elseif type(k) == "string" and is_id_key(k) and type(v) == "table" then
        local list = {}
        for i, id in ipairs(v) do list[i] = type(id) == "string" and name(id) or walk(id) end
        out[k] = list
      else
        out[k] = walk(v)
      end
    end
    return setmetatable(out, getmetatable(value)) -- keeps json's object marker: {} stays {}
  end
  return walk
end

return M
