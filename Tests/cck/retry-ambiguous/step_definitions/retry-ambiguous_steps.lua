-- The CCK's retry-ambiguous sample (devkit/samples/retry-ambiguous/retry-ambiguous.ts), in Lua.
step("an ambiguous step", function()
  -- first one
end)
step("an ambiguous step", function()
  -- second one
end)
