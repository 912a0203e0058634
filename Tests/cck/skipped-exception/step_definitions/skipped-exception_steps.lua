-- The CCK's skipped-exception sample (devkit/samples/skipped-exception/skipped-exception.ts), in Lua: the step
-- skips with a message, as `throw new SkippedException('skipping')` does.
step("I skip a step", function()
  skip("skipping")
end)
