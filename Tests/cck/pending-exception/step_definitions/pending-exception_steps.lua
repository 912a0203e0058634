-- The CCK's pending-exception sample (devkit/samples/pending-exception/pending-exception.ts), in Lua: the step
-- says it is pending with a message, as `throw new PendingException('TODO')` does.
step("an unimplemented pending step", function()
  pending("TODO")
end)
