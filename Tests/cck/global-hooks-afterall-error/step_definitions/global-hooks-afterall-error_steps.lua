-- The CCK's global-hooks-afterall-error sample (devkit/samples/global-hooks-afterall-error/*.ts), in Lua.
BeforeAll(function()
  -- no-op
end)
BeforeAll(function()
  -- no-op
end)
step("a step passes", function()
  -- no-op
end)
AfterAll(function()
  -- no-op
end)
AfterAll(function()
  error("AfterAll hook went wrong", 0)
end)
AfterAll(function()
  -- no-op
end)
