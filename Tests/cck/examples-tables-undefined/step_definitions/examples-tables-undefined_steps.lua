-- The CCK's examples-tables-undefined sample (devkit/samples/examples-tables-undefined/*.ts), in Lua: `this` is
-- `world()`, the scenario's own table.

-- Node's assert.strictEqual, with its message.
local function strict_equal(actual, expected)
  if actual ~= expected then
    error(("Expected values to be strictly equal:\n\n%s !== %s\n"):format(tostring(actual), tostring(expected)), 0)
  end
end

step("there are {int} cucumbers", function(initial_count)
  world().count = initial_count
end)

step("I eat {int} cucumbers", function(eat_count)
  world().count = world().count - eat_count
end)

step("I should have {int} cucumbers", function(expected_count)
  strict_equal(world().count, expected_count)
end)
