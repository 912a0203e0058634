#!/usr/bin/env bash
# A failure shows its cause (issue 37): a failed scenario lists the requests its mocks answered 404, each with
# the nearest stub, and says when a stub added later in the scenario matches one (the app asked before the stub
# existed), serially and with --jobs 2 (where the worker's case record carries them to the parent's console).
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
app=Tests/cli/fixtures/bank/apps/bank.lua
features=Tests/cli/fixtures/late_stub/features

for mode in serial jobs; do
  extra=()
  [ "$mode" = jobs ] && extra=(--jobs 2)
  status=0
  "$bin" --app "$app" "$features" --validation 1 --trace off --artifacts "$work/artifacts" ${extra[@]+"${extra[@]}"} \
    >"$work/$mode.out" 2>&1 </dev/null || status=$?
  [ "$status" -eq 1 ] || fatal "$mode: exit $status, expected 1: $(tail -n 30 "$work/$mode.out")"
  for text in \
    "    the mocks answered 404 to 1 request:" \
    "stub GET /balance, added later in the scenario, matches it: the app asked before the stub existed; add the stub before the step that makes the app send it" \
    "nearest stub GET /balanse (path did not match (expected /balanse, got /balance))"; do
    grep -qF -- "$text" "$work/$mode.out" || fatal "$mode: expected the console to show: $text
--- got:
$(cat "$work/$mode.out")"
  done
  # The late stub's 404 is listed with its own scenario only.
  [ "$(grep -c 'the mocks answered 404' "$work/$mode.out")" -eq 2 ] ||
    fatal "$mode: expected one 404 list per failed scenario: $(cat "$work/$mode.out")"
done
echo "late stub: each failed scenario lists its mocks' 404s with the nearest stub, serially and with --jobs 2"
