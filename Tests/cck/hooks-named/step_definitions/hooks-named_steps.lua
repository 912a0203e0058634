-- The CCK's hooks-named sample (devkit/samples/hooks-named/hooks-named.ts), in Lua.
Before({ name = "A named before hook" }, function()
  -- no-op
end)
step("a step passes", function()
  -- no-op
end)
After({ name = "A named after hook" }, function()
  -- no-op
end)
