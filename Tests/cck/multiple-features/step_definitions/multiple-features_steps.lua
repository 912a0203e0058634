-- The CCK's multiple-features sample (devkit/samples/multiple-features/multiple-features.ts), in Lua.
step("an order for {string}", function()
  -- no-op
end)
