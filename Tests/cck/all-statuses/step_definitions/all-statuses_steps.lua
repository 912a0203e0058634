-- The CCK's all-statuses sample (devkit/samples/all-statuses/all-statuses.ts), in Lua.
step("^a step$", function() end)
step("^a failing step$", function() error("whoops", 0) end)
step("^a pending step$", function() return "pending" end)
step("^a skipped step$", function() return "skipped" end)
step("^an ambiguous (.*?)$", function() end)
step("^(.*?) ambiguous step$", function() end)
