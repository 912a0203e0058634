-- The CCK's parameter-types sample (devkit/samples/parameter-types/parameter-types.ts), in Lua.
parameter_type({
  name = "flight",
  regexp = "([A-Z]{3})-([A-Z]{3})",
  transformer = function(from, to) return { from = from, to = to } end,
})

-- Node's assert.strictEqual on strings, with its message.
local function strict_equal(actual, expected)
  if actual ~= expected then
    error(("Expected values to be strictly equal:\n\n'%s' !== '%s'\n"):format(tostring(actual), expected), 0)
  end
end

step("{flight} has been delayed", function(flight)
  strict_equal(flight.from, "LHR")
  strict_equal(flight.to, "CDG")
end)
