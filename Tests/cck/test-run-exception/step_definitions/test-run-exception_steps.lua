-- The CCK's test-run-exception sample (devkit/samples/test-run-exception/test-run-exception.ts), in Lua. The
-- exception the sample expects comes from the kit's fake cucumber's `--error` switch, "outside of user-supplied
-- hook or step code"; fscript has no such switch (scripts/cck leaves the argument out), so until it has a way
-- to make one, this sample runs its step and does not match.
step("a step", function() end)
