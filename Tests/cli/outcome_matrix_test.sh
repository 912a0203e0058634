#!/usr/bin/env bash
# One outcome, whatever carries it (issue 41): a matrix of failure kinds through every report kind, merged or not,
# must agree on the counts and the exit code.
#
# The kinds (Tests/cli/fixtures/outcome_matrix, one scenario each): a Gherkin scenario that passes, a failing
# step, a failing Before hook, a failing After hook, a step that skips, a pending step; Lua scenarios with an error
# after a step, an assert, a failing app call, their time limit, skip(), pending(), os.exit in the body and in an
# After hook; with --jobs, a scenario whose worker crashes. The runs: serially, with --jobs 2 (and the crash), as
# two shards merged by merge-reports from their message streams and from their JSON reports, and the --jobs run's
# own stream merged again. The reports of each: the console's summary, JSON, JUnit, cucumber JSON, Cucumber
# Messages, TAP and the HTML page's summary, each read as its consumers read it (Tests/cli/fixtures/outcome_matrix/
# counts.py: cucumber's JSON and the stream by the worst result of each scenario's steps and hooks).
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fixture=Tests/cli/fixtures/outcome_matrix
files=("$fixture/outcomes.feature" "$fixture/kinds_test.lua")
counts() { python3 "$fixture/counts.py" "$@"; }
kinds=(json junit cucumber message tap html)

reports() { # PREFIX: the --report options (merge-reports' outputs without the flag)
  local flag="$1" prefix="$2"
  for kind in "${kinds[@]}"; do
    case "$kind" in
      html) out="html:$work/$prefix-html" ;;
      *) out="$kind:$work/$prefix.$kind" ;;
    esac
    if [ -n "$flag" ]; then printf '%s\n%s\n' "$flag" "$out"; else printf '%s\n' "$out"; fi
  done
}

# RUN EXPECTED_EXIT ARGS…: runs fscript with ARGS (its console on $work/RUN.console), then checks that every report
# of the run says EXPECTED (counts and exit code) and that fscript exited as they say.
check_run() {
  local name="$1" expected="$2" status=0
  shift 2
  "$bin" "$@" >"$work/$name.out" 2>"$work/$name.err" </dev/null || status=$?
  local want_exit="${expected##*exit=}"
  [ "$status" -eq "$want_exit" ] || fatal "$name: exit $status, expected $want_exit: $(tail -5 "$work/$name.err")"
  # The console's summary: the run's last line, or merge-reports' line on standard error.
  if grep -q "^merged [0-9]* reports:" "$work/$name.err"; then
    grep "^merged [0-9]* reports:" "$work/$name.err" >"$work/$name.console"
  else
    cp "$work/$name.out" "$work/$name.console"
  fi
  compare "$name" console "$work/$name.console" "$expected" "$status"
  for kind in "${kinds[@]}"; do
    local file="$work/$name.$kind"
    [ "$kind" = html ] && file="$work/$name-html/index.html"
    [ -s "$file" ] || fatal "$name: no $kind report"
    compare "$name" "$kind" "$file" "$expected" "$status"
  done
}

# NAME KIND FILE EXPECTED STATUS: what the report says is what was expected, as far as the report can say it.
compare() {
  local name="$1" kind="$2" file="$3" expected="$4" status="$5" got
  got="$(counts "$kind" "$file")" || fatal "$name: cannot read its $kind report"
  local want_counts="${expected% exit=*}"
  for field in passed failed skipped errors; do
    local want got_value
    want="$(sed -E "s/.*$field=([^ ]*).*/\1/" <<<"$want_counts")"
    got_value="$(sed -E "s/.*$field=([^ ]*).*/\1/" <<<"$got")"
    [ "$got_value" = - ] && continue
    [ "$got_value" = "$want" ] || fatal "$name: the $kind report says '$got', expected '$expected'"
  done
  case "$got" in
    *exit=nonzero) [ "$status" -ne 0 ] || fatal "$name: the $kind report says the run failed, it exited 0" ;;
    *exit=*) [ "${got##*exit=}" = "$status" ] || fatal "$name: the $kind report says '$got', the run exited $status" ;;
  esac
  return 0
}

serial="passed=1 failed=11 skipped=2 errors=0 exit=1"
jobs="passed=1 failed=12 skipped=2 errors=1 exit=2"
mapfile -t serial_reports < <(reports --report serial)
check_run serial "$serial" "${files[@]}" --artifacts "$work/artifacts" "${serial_reports[@]}"
mapfile -t jobs_reports < <(reports --report jobs)
check_run jobs "$jobs" "${files[@]}" "$fixture/crash/crash_test.lua" --jobs 2 --artifacts "$work/artifacts" \
  "${jobs_reports[@]}"
for i in 1 2; do
  status=0
  "$bin" "${files[@]}" --shard "$i/2" --artifacts "$work/artifacts" --report "message:$work/shard$i.ndjson" \
    --report "json:$work/shard$i.json" >"$work/shard$i.out" 2>&1 </dev/null || status=$?
  [ "$status" -eq 1 ] || fatal "shard $i/2: exit $status: $(tail -5 "$work/shard$i.out")"
done
mapfile -t outputs < <(reports "" streams)
check_run streams "$serial" merge-reports "${outputs[@]}" "$work/shard1.ndjson" "$work/shard2.ndjson"
mapfile -t outputs < <(reports "" json_shards)
check_run json_shards "$serial" merge-reports "${outputs[@]}" "$work/shard1.json" "$work/shard2.json"
cp "$work/serial.message" "$work/serial.ndjson"
mapfile -t outputs < <(reports "" serial_stream)
check_run serial_stream "$serial" merge-reports "${outputs[@]}" "$work/serial.ndjson"
cp "$work/jobs.message" "$work/jobs.ndjson"
mapfile -t outputs < <(reports "" jobs_stream)
check_run jobs_stream "$jobs" merge-reports "${outputs[@]}" "$work/jobs.ndjson"
cp "$work/jobs.json" "$work/jobs_report.json"
mapfile -t outputs < <(reports "" jobs_json)
check_run jobs_json "$jobs" merge-reports "${outputs[@]}" "$work/jobs_report.json"

# Each scenario has the same status in every run (the crash only with --jobs).
statuses() {
  python3 -c '
import json, sys
run = json.load(open(sys.argv[1]))
for f in run["files"]:
    for c in f["cases"]:
        print("%s=%s" % (c["name"], c["status"]))
' "$1" | sort
}
statuses "$work/serial.json" >"$work/serial.statuses"
for run in streams json_shards serial_stream; do
  diff "$work/serial.statuses" <(statuses "$work/$run.json") >"$work/diff" ||
    fatal "$run: the scenarios' statuses differ from the serial run's: $(cat "$work/diff")"
done
for run in jobs jobs_stream jobs_json; do
  diff <(cat "$work/serial.statuses" - <<<"its worker crashes=error" | sort) <(statuses "$work/$run.json") \
    >"$work/diff" || fatal "$run: the scenarios' statuses differ from the serial run's: $(cat "$work/diff")"
done
# The streams stay cucumber's: every envelope (the hooks that carry outcomes outside steps too) converts to the
# messages' own data classes and back (PyPI cucumber-messages, a test dependency; skipped without it).
if python3 -c 'import cucumber_messages' 2>/dev/null; then
  python3 - "$work/serial.message" "$work/jobs.message" <<'PY' || fatal "a stream is not cucumber's"
import json, sys
import cucumber_messages._messages as schema
from cucumber_messages.json_converter import JsonDataclassConverter
converter = JsonDataclassConverter(module_scope=schema)
for path in sys.argv[1:]:
    for i, line in enumerate(open(path), 1):
        m = json.loads(line)
        if converter.to_dict(converter.from_dict(m, schema.Envelope)) != m:
            sys.exit("%s:%d does not survive cucumber-messages: %s" % (path, i, line[:300]))
PY
fi
echo "outcome matrix: 14 kinds x 7 reports x 7 runs agree"
