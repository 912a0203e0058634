-- The CCK's test-run-exception sample (devkit/samples/test-run-exception/*.ts), in Lua. The kit's fake cucumber
-- makes its exception with `--error`, an exception "outside of user-supplied hook or step code"; fscript has no
-- such switch (scripts/cck leaves it out), so this support code fails as it loads, before defining its step:
-- the run cannot start, and ends with the exception.
-- (The reference defines `a step` after the failure; it is never reached there either.)
error("Whoops!", 0)
