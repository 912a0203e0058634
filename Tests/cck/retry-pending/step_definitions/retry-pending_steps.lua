-- The CCK's retry-pending sample (devkit/samples/retry-pending/retry-pending.ts), in Lua.
step("a pending step", function() return "pending" end)
