-- The CCK's examples-tables sample (devkit/samples/examples-tables/examples-tables.ts), in Lua: `this` is
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

step("there are {int} friends", function(initial_friends)
  world().friends = initial_friends
end)

step("I eat {int} cucumbers", function(eat_count)
  world().count = world().count - eat_count
end)

step("I should have {int} cucumbers", function(expected_count)
  strict_equal(world().count, expected_count)
end)

step("each person can eat {int} cucumbers", function(expected_share)
  local share = math.floor(world().count / (1 + world().friends))
  strict_equal(share, expected_share)
end)
