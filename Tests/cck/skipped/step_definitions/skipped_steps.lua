-- The CCK's skipped sample (devkit/samples/skipped/skipped.ts), in Lua.
step("a step that does not skip", function()
  -- no-op
end)
step("a step that is skipped", function()
  -- no-op
end)
step("I skip a step", function() return "skipped" end)
