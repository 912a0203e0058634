-- The CCK's data-tables sample (devkit/samples/data-tables/data-tables.ts), in Lua.
local transposed

local function same_rows(actual, expected)
  if #actual ~= #expected then return false end
  for r, row in ipairs(expected) do
    if #actual[r] ~= #row then return false end
    for c, cell in ipairs(row) do
      if actual[r][c] ~= cell then return false end
    end
  end
  return true
end

step("the following table is transposed:", function(table_)
  transposed = table_:transpose()
end)

step("it should be:", function(expected)
  if not same_rows(transposed:raw(), expected:raw()) then
    error("Expected values to be strictly deep-equal: " .. json.encode(transposed:raw()) .. " !== "
      .. json.encode(expected:raw()), 0)
  end
end)
