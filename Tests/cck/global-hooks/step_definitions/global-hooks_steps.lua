-- The CCK's global-hooks sample (devkit/samples/global-hooks/global-hooks.ts), in Lua.
BeforeAll(function()
  -- no-op
end)
BeforeAll(function()
  -- no-op
end)
step("a step passes", function()
  -- no-op
end)
step("a step fails", function()
  error("Exception in step", 0)
end)
AfterAll(function()
  -- no-op
end)
AfterAll(function()
  -- no-op
end)
