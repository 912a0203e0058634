-- The CCK's global-hooks-beforeall-error sample (devkit/samples/global-hooks-beforeall-error/*.ts), in Lua.
BeforeAll(function()
  -- no-op
end)
BeforeAll(function()
  error("BeforeAll hook went wrong", 0)
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
  -- no-op
end)
