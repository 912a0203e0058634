-- The CCK's test-run-exception sample (devkit/samples/test-run-exception/test-run-exception.ts), in Lua. The
-- kit's fake cucumber makes the sample's exception with its `--error` switch: an exception "outside of
-- user-supplied hook or step code", after the support code is loaded. fscript has no such switch (scripts/cck
-- leaves the argument out); its equivalent is support code that defines its step and then fails outside any
-- hook or step, which fscript reports as the test run's exception, before any scenario runs.
step("a step", function() end)
error("Whoops!", 0)
