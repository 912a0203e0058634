-- The CCK's rules sample (devkit/samples/rules/rules.ts), in Lua: `this` is
-- `world()`, the scenario's own table.

step("the customer has {int} cents", function(money)
  world().money = money
end)
step("there are chocolate bars in stock", function()
  world().stock = { "Mars" }
end)
step("there are no chocolate bars in stock", function()
  world().stock = {}
end)
step("the customer tries to buy a {int} cent chocolate bar", function(price)
  if world().money >= price then world().chocolate = table.remove(world().stock) end
end)
step("the sale should not happen", function()
  if world().chocolate ~= nil then
    error(("Expected values to be strictly equal:\n\n'%s' !== undefined\n"):format(world().chocolate), 0)
  end
end)
step("the sale should happen", function()
  if not world().chocolate then
    error("The expression evaluated to a falsy value:\n\n  assert.ok(this.chocolate)\n", 0)
  end
end)
