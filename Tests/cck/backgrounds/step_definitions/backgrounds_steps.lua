-- The CCK's backgrounds sample (devkit/samples/backgrounds/backgrounds.ts), in Lua.
step("an order for {string}", function()
  -- no-op
end)
step("an action", function()
  -- no-op
end)
step("an outcome", function()
  -- no-op
end)
