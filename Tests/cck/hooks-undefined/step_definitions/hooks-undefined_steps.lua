-- The CCK's hooks-undefined sample (devkit/samples/hooks-undefined/hooks-undefined.ts), in Lua: hooks, and no
-- definition for the scenario's step.
Before(function()
  -- no-op
end)
After(function()
  -- no-op
end)
