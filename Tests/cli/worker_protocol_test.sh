#!/usr/bin/env bash
# A message added to the worker protocol in one place, its declaration in `fscript.run.parallel.protocol`'s
# MESSAGES, reaches the parent of a --jobs run: the fixture's scenarios publish `note` events on their run's event
# stream; serially the console shows them; with --jobs 2 only once the fixture declares `note` a protocol message
# (DECLARE set), and then both, each from the worker that ran it. Cases travel as their records: a scenario's own
# World stays in its worker, and the parent keeps every case a worker sent.
source "$(dirname "$0")/common.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fixture=Tests/cli/fixtures/worker_protocol/greeting_test.lua

run() {
  local name="$1" status=0
  shift
  "$@" >"$work/$name.out" 2>"$work/$name.err" </dev/null || status=$?
  [ "$status" -eq 0 ] || fatal "$name: exit $status: $(tail -n 5 "$work/$name.err")"
}

run serial "$bin" "$fixture"
grep -q '^note: hello 1 from worker none$' "$work/serial.err" || fatal "serial: no note: $(cat "$work/serial.err")"

run undeclared "$bin" "$fixture" --jobs 2
grep -q 'hello' "$work/undeclared.err" "$work/undeclared.out" &&
  fatal "undeclared: a note reached the parent although no protocol message carries it: $(cat "$work/undeclared.err")"
grep -q '^2 passed, 0 failed$' "$work/undeclared.out" || fatal "undeclared: $(tail -n 3 "$work/undeclared.out")"

DECLARE=1 run declared "$bin" "$fixture" --jobs 2
for i in 1 2; do
  grep -Eq "^note: hello $i from worker [12]\$" "$work/declared.err" ||
    fatal "declared: note $i did not reach the parent: $(cat "$work/declared.err")"
done
grep -q '^2 passed, 0 failed$' "$work/declared.out" || fatal "declared: $(tail -n 3 "$work/declared.out")"

# A case travels as its record, never the test's own objects: a World that refers to itself passes with --jobs too.
run world "$bin" Tests/cli/fixtures/worker_protocol/world_test.lua --jobs 2
grep -q '^1 passed, 0 failed$' "$work/world.out" || fatal "world: $(tail -n 3 "$work/world.out")"

# What a worker sends is what the parent reports: two units' top-level failures of one file are two cases, as shown.
status=0
"$bin" Tests/cli/fixtures/worker_protocol/fails_in_workers_test.lua --jobs 2 --report "json:$work/twice.json" \
  >"$work/twice.out" 2>"$work/twice.err" </dev/null || status=$?
[ "$status" -eq 2 ] || fatal "twice: exit $status, expected 2 (its scenarios' results did not come back)"
scripts="$(python3 -c 'import json, sys
print(sum(c["name"] == "(script)" for f in json.load(open(sys.argv[1]))["files"] for c in f["cases"]))' "$work/twice.json")"
[ "$scripts" = 2 ] || fatal "twice: the report has $scripts top-level failures, the workers sent 2: $(cat "$work/twice.out")"
grep -q '^0 passed, 4 failed$' "$work/twice.out" || fatal "twice: $(tail -n 3 "$work/twice.out")"
echo "worker_protocol_test: a declared message reaches the parent, an undeclared one does not; cases travel as records"
