-- The CCK's hooks sample (devkit/samples/hooks/hooks.ts), in Lua.
Before(function()
  -- no-op
end)
step("a step passes", function()
  -- no-op
end)
step("a step fails", function()
  error("Exception in step", 0)
end)
After(function()
  -- no-op
end)
