#!/usr/bin/env bash
# frank_compat's waits take Frank's default timeout from WAIT_TIMEOUT, as Frank's WaitHelper::TIMEOUT does (whole
# seconds, as Ruby's to_i reads a number); without it, or when it is not a number, fscript's --wait. A wait that
# cannot hold fails saying how long it waited. The environment is the process's, so fscript runs as a child.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/wait.lua" <<'LUA'
local F = require("fscript.frank_compat")
local ok, err = pcall(F.wait_until, function() return false end)
print("wait_until: " .. tostring(err))
ok, err = pcall(F.wait_for_nothing_to_be_animating)
print(ok and "idle" or ("animating: " .. tostring(err)))
LUA

out="$(WAIT_TIMEOUT=1 "$bin" "$work/wait.lua" 2>&1)" || fatal "the script failed: $out"
grep -qF "wait_until: execution expired (wait_until waited 1 s for its block to return true)" <<<"$out" \
  || fatal "WAIT_TIMEOUT=1 did not set wait_until's default: $out"
grep -qF "idle" <<<"$out" || fatal "the idle demo app was not idle: $out"

out="$(WAIT_TIMEOUT=not-a-number "$bin" --wait 0.5 "$work/wait.lua" 2>&1)" || fatal "the script failed: $out"
grep -qF "wait_until: execution expired (wait_until waited 0.5 s for its block to return true)" <<<"$out" \
  || fatal "without a numeric WAIT_TIMEOUT, --wait is the default: $out"

echo "frank_compat_wait_timeout_test: passed"
