-- The CCK's unused-steps sample (devkit/samples/unused-steps/unused-steps.ts), in Lua.
step("a step that is used", function()
  -- no-op
end)
step("a step that is not used", function()
  -- no-op
end)
