---Values shown as Ruby's `inspect` shows them, so the failure messages of ported rspec expectations read as they
---did in Frank (`expected: "Row 3"`, `got: nil`, `[1, 2]`, `{"name"=>"alice"}`).
local M = {}

local function is_list(t)
  local n = 0
  for _ in pairs(t) do n = n + 1 end
  return n == #t
end

---Ruby's `inspect` of a Lua value: strings in double quotes, nil for nil, lists as arrays, tables as hashes.
---@param value any
---@param depth? integer
---@return string
function M.inspect(value, depth)
  depth = depth or 0
  local kind = type(value)
  if value == nil then return "nil" end
  if kind == "string" then
    return '"' .. value:gsub('[\\"]', "\\%0"):gsub("\n", "\\n"):gsub("\t", "\\t") .. '"'
  end
  if kind == "number" then
    if math.type(value) == "float" and value == math.floor(value) and value == value and math.abs(value) < 1e15 then
      return ("%.1f"):format(value)
    end
    return tostring(value)
  end
  if kind ~= "table" or depth > 4 then return tostring(value) end
  local parts = {}
  if is_list(value) then
    for i, item in ipairs(value) do parts[i] = M.inspect(item, depth + 1) end
    return "[" .. table.concat(parts, ", ") .. "]"
  end
  local keys = {}
  for key in pairs(value) do keys[#keys + 1] = key end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for i, key in ipairs(keys) do parts[i] = M.inspect(key, depth + 1) .. "=>" .. M.inspect(value[key], depth + 1) end
  return "{" .. table.concat(parts, ", ") .. "}"
end

return M
