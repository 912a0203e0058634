-- The CCK's failedish-combinations sample (devkit/samples/failedish-combinations/*.ts), in Lua.
step("^a step$", function()
  -- no-op
end)
step("^a skipped step$", function() return "skipped" end)
step("^a pending step$", function() return "pending" end)
step("^an ambiguous (.*?)$", function() end)
step("^(.*?) ambiguous step$", function() end)
step("^a failing step$", function() error("whoops", 0) end)
