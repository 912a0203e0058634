-- The CCK's undefined sample (devkit/samples/undefined/undefined.ts), in Lua.
step("an implemented step", function()
  -- no-op
end)
step("a step that will be skipped", function()
  -- no-op
end)
