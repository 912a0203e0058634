-- The CCK's rules-backgrounds sample (devkit/samples/rules-backgrounds/rules-backgrounds.ts), in Lua.
step("an order for {string}", function()
  -- no-op
end)
step("an action", function()
  -- no-op
end)
step("an outcome", function()
  -- no-op
end)
