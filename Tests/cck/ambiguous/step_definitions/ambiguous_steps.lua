-- The CCK's ambiguous sample (devkit/samples/ambiguous/ambiguous.ts), in Lua: two definitions match one step.
step("^a (.*?) with (.*?)$", function()
  -- first one
end)
step("^a step with (.*?)$", function()
  -- second one
end)
