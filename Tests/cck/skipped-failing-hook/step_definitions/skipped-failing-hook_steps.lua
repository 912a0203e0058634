-- The CCK's skipped-failing-hook sample (devkit/samples/skipped-failing-hook/*.ts), in Lua.
step("a step that skips", function() return "skipped" end)
After(function()
  error("whoops", 0)
end)
