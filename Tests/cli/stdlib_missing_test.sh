#!/usr/bin/env bash
# A run whose stdlib cannot be found stops (exit 2) with a hint to install it or set FSCRIPT_STDLIB; a runner that
# is found but fails says only its own error, without that hint.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/empty" "$work/broken/fscript"
printf 'scenario("passes", function() end)\n' >"$work/one_test.lua"
# A stdlib whose runner is there and raises: the DSL loads, the run fails in the runner.
printf 'return { install_dsl = function() end }\n' >"$work/broken/fscript/session.lua"
printf 'return { main = function() error("the runner broke") end }\n' >"$work/broken/fscript/runner.lua"
hint="(is the stdlib installed? set FSCRIPT_STDLIB)"

status=0
FSCRIPT_STDLIB="$work/empty" "$bin" "$work/one_test.lua" >"$work/empty.out" 2>&1 || status=$?
[ "$status" -eq 2 ] || fatal "no stdlib: exit $status, expected 2: $(cat "$work/empty.out")"
grep -qF "fscript: cannot run the tests: module 'fscript.runner' not found:" "$work/empty.out" ||
  fatal "no stdlib: the error is not said: $(cat "$work/empty.out")"
grep -qxF "$hint" "$work/empty.out" || fatal "no stdlib: no hint: $(cat "$work/empty.out")"

status=0
FSCRIPT_STDLIB="$work/broken" "$bin" "$work/one_test.lua" >"$work/broken.out" 2>&1 || status=$?
[ "$status" -eq 2 ] || fatal "a broken runner: exit $status, expected 2: $(cat "$work/broken.out")"
grep -qF "fscript: cannot run the tests: $work/broken/fscript/runner.lua:1: the runner broke" "$work/broken.out" ||
  fatal "a broken runner: its error is not said: $(cat "$work/broken.out")"
! grep -qF "$hint" "$work/broken.out" || fatal "a broken runner got the missing stdlib's hint: $(cat "$work/broken.out")"
echo "stdlib missing: the FSCRIPT_STDLIB hint for a stdlib that cannot be found, not for a runner's own error"
