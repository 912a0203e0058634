-- The CCK's undefined-multiple sample (devkit/samples/undefined-multiple/undefined-multiple.ts), in Lua.
step("an implemented step", function()
  -- no-op
end)
step("a step that will be skipped", function()
  -- no-op
end)
