-- The CCK's minimal sample (devkit/samples/minimal/minimal.ts), in Lua.
step("I have {int} cukes in my belly", function()
  -- no-op
end)
