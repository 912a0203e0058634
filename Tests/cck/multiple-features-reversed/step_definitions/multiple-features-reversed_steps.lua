-- The CCK's multiple-features-reversed sample (devkit/samples/multiple-features-reversed/*.ts), in Lua.
step("an order for {string}", function()
  -- no-op
end)
