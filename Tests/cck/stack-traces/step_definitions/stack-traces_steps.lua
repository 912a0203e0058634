-- The CCK's stack-traces sample (devkit/samples/stack-traces/stack-traces.ts), in Lua.
step("a step throws an exception", function()
  error("BOOM", 0)
end)
