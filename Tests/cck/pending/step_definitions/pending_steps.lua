-- The CCK's pending sample (devkit/samples/pending/pending.ts), in Lua.
step("an implemented non-pending step", function()
  -- no-op
end)
step("an implemented step that is skipped", function()
  -- no-op
end)
step("an unimplemented pending step", function() return "pending" end)
