-- The CCK's hooks-conditional sample (devkit/samples/hooks-conditional/hooks-conditional.ts), in Lua.
Before({ tags = "@passing-hook" }, function()
  -- no-op
end)
Before({ tags = "@fail-before" }, function()
  error("Exception in conditional hook", 0)
end)
step("a step passes", function()
  -- no-op
end)
After({ tags = "@fail-after" }, function()
  error("Exception in conditional hook", 0)
end)
After({ tags = "@passing-hook" }, function()
  -- no-op
end)
