-- The CCK's hooks-skipped sample (devkit/samples/hooks-skipped/hooks-skipped.ts), in Lua.
Before(function()
  -- no-op
end)
Before({ tags = "@skip-before" }, function() return "skipped" end)
Before(function()
  -- no-op
end)
step("a normal step", function()
  -- no-op
end)
step("a step that skips", function() return "skipped" end)
After(function()
  -- no-op
end)
After({ tags = "@skip-after" }, function() return "skipped" end)
After(function()
  -- no-op
end)
