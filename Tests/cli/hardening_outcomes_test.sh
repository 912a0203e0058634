#!/usr/bin/env bash
# Issue 41, items 1, 4, 5, 11 and 13, each as it was found (fixtures in Tests/cli/fixtures/outcomes):
# - a Lua scenario that ends outside any step (error, assert, a time limit, skip, pending) has that outcome in the
#   message stream, so merge-reports of the stream, or of two shards' streams, counts what the run counted and
#   exits as it did; a step the scenario ran in its own pcall and handled does not fail the stream's case; files
#   that do not load are the stream's parseErrors (exit 2 again);
# - os.exit in a scenario or an After hook (also inside a pcall) fails that scenario, serially and with --jobs,
#   and the run goes on and writes its reports;
# - with --jobs, a scenario writing to its worker's result descriptor does not vanish, and one whose worker
#   sends a result without its case (and dies) is reported as an error, the run failing;
# - `--report message:-` and `tap:-` are the report alone whatever the tests print or write to standard output
#   (that goes to standard error);
# - a scenario printing 20 MB keeps its head and tail in the reports, with how many bytes were dropped, and the
#   run's peak memory stays bounded (serially and in a --jobs worker).
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fixtures=Tests/cli/fixtures/outcomes

run() { # NAME EXPECTED_STATUS ARGS…
  local name="$1" expected="$2" status=0
  shift 2
  "$bin" "$@" >"$work/$name.out" 2>"$work/$name.err" </dev/null || status=$?
  [ "$status" -eq "$expected" ] || fatal "$name: exit $status, expected $expected: $(tail -20 "$work/$name.err") $(tail -5 "$work/$name.out")"
}
summary() { # NAME EXPECTED: the run's last line
  local last
  last="$(tail -n 1 "$work/$1.out")"
  [ "$last" = "$2" ] || fatal "$1: the summary is '$last', expected '$2'"
}
merged() { # NAME EXPECTED: merge-reports' line
  grep -q "^merged [0-9]* reports: $2\$" "$work/$1.err" || fatal "$1: merge-reports said $(grep merged "$work/$1.err"), expected '$2'"
}
# Each case's name and status in a JSON report, sorted: `name=status` lines.
statuses() {
  python3 -c '
import json, sys
run = json.load(open(sys.argv[1]))
for f in run["files"]:
    for c in f["cases"]:
        print("%s=%s" % (c["name"], c["status"]))
' "$1" | sort
}

# --- 1. outcomes outside steps reach the message stream --------------------------------------------------------
run body 1 "$fixtures/body_test.lua" --report "message:$work/body.ndjson" --report "json:$work/body.json"
summary body "1 passed, 5 failed, 1 skipped (1 pending)"
run body_merged 1 merge-reports "json:$work/body.merged.json" "$work/body.ndjson"
merged body_merged "1 passed, 5 failed, 1 skipped"
diff <(statuses "$work/body.json") <(statuses "$work/body.merged.json") >"$work/diff" ||
  fatal "the statuses derived from the stream differ from the run's: $(cat "$work/diff")"
for i in 1 2; do
  run "body_shard$i" 1 --shard "$i/2" "$fixtures/body_test.lua" --report "message:$work/body.$i.ndjson"
done
run body_shards 1 merge-reports "json:$work/body.shards.json" "$work/body.1.ndjson" "$work/body.2.ndjson"
merged body_shards "1 passed, 5 failed, 1 skipped"
diff <(statuses "$work/body.json") <(statuses "$work/body.shards.json") >"$work/diff" ||
  fatal "the statuses of two shards' streams differ from the run's: $(cat "$work/diff")"
# The time limit keeps its message in the stream.
grep -q 'timed out after 0.2 s' "$work/body.ndjson" || fatal "the stream does not say the time limit ran out"
# A handled step failure: the run passed, and so does its stream.
run caught 0 "$fixtures/caught_step_test.lua" --report "message:$work/caught.ndjson"
run caught_merged 0 merge-reports "junit:$work/caught.xml" "$work/caught.ndjson"
merged caught_merged "1 passed, 0 failed"

# Beyond the list: files that do not load (a feature that does not parse, a Lua file that does not compile) are
# parseErrors in the stream, so merge-reports of it fails as the run did (exit 2), not "1 passed, 0 failed".
run load 2 "$fixtures/load_errors" --report "message:$work/load.ndjson"
summary load "1 passed, 2 failed"
run load_merged 2 merge-reports "junit:$work/load.xml" "$work/load.ndjson"
merged load_merged "1 passed, 2 failed"

# --- 4. os.exit fails its scenario; the run goes on and writes its reports -------------------------------------
expected_exit="after=passed
exit swallowed=failed
exits in its After hook=failed
exits=failed
fails first=failed"
for mode in serial jobs; do
  extra=()
  [ "$mode" = jobs ] && extra=(--jobs 2)
  run "exit_$mode" 1 "$fixtures/exit_test.lua" ${extra[@]+"${extra[@]}"} --report "json:$work/exit_$mode.json"
  summary "exit_$mode" "1 passed, 4 failed"
  [ "$(statuses "$work/exit_$mode.json")" = "$expected_exit" ] ||
    fatal "os.exit ($mode): $(statuses "$work/exit_$mode.json")"
  grep -q 'os.exit(0)' "$work/exit_$mode.json" || fatal "os.exit ($mode): the report does not name os.exit"
done

# --- 5. nothing a scenario writes makes it vanish from a --jobs run ---------------------------------------------
run descriptor 0 "$fixtures/result_descriptor_test.lua" --jobs 2 --report "json:$work/descriptor.json"
summary descriptor "2 passed, 0 failed"
# A worker that sent a result without its scenario's case and then died: the scenario is an error, not gone.
status=0
"$bin" "$fixtures/forged_result_test.lua" "$fixtures/result_descriptor_test.lua" --jobs 2 \
  --report "json:$work/forged.json" >"$work/forged.out" 2>"$work/forged.err" </dev/null || status=$?
[ "$status" -eq 2 ] || fatal "forged result: exit $status, expected 2: $(tail -5 "$work/forged.out")"
statuses "$work/forged.json" | grep -qx 'sends a result without its case=error' ||
  fatal "forged result: the scenario is not reported as an error: $(statuses "$work/forged.json")"
grep -q 'did not come back' "$work/forged.json" || fatal "forged result: the report does not say what happened"

# --- 11. a report on standard output is the report alone ----------------------------------------------------------
run stdout_message 0 "$fixtures/stdout_test.lua" --report message:-
python3 -c '
import json, sys
for n, line in enumerate(open(sys.argv[1]), 1):
    try:
        json.loads(line)
    except ValueError:
        sys.exit("line %d of the message stream on standard output is not JSON: %r" % (n, line[:200]))
' "$work/stdout_message.out" || fatal "message:- is not NDJSON"
for text in "scenario io.write" "step io.write" "top level io.write" "from a child"; do
  grep -q "^$text\$" "$work/stdout_message.err" || fatal "message:-: '$text' is not on standard error"
done
cp "$work/stdout_message.out" "$work/stdout.ndjson"
run stdout_merged 0 merge-reports "junit:$work/stdout.xml" "$work/stdout.ndjson"
run stdout_tap 0 "$fixtures/stdout_test.lua" --report tap:-
if grep -Ev '^(TAP version 13|1\.\.[0-9]+|(not )?ok [0-9]+ - .*|  .*)$' "$work/stdout_tap.out" >"$work/extra"; then
  fatal "tap:- carries more than the report: $(head -5 "$work/extra")"
fi
# The parallel parent plans by loading each file's top level: what that writes stays off standard output too.
run stdout_jobs 0 "$fixtures/stdout_test.lua" --jobs 2 --report message:-
grep -v '^{' "$work/stdout_jobs.out" >"$work/extra" && fatal "--jobs message:- carries more than the stream: $(head -5 "$work/extra")"

# --- 13. printed output is bounded: head and tail kept, the rest counted ------------------------------------------
for mode in serial jobs; do
  extra=()
  [ "$mode" = jobs ] && extra=(--jobs 2)
  timed=()
  [ -x /usr/bin/time ] && timed=(/usr/bin/time -v -o "$work/print_$mode.time")
  status=0
  ${timed[@]+"${timed[@]}"} "$bin" "$fixtures/print_test.lua" ${extra[@]+"${extra[@]}"} \
    --report "json:$work/print_$mode.json" --report "junit:$work/print_$mode.xml" \
    >/dev/null 2>"$work/print_$mode.err" </dev/null || status=$?
  [ "$status" -eq 0 ] || fatal "print ($mode): exit $status: $(tail -5 "$work/print_$mode.err")"
  python3 -c '
import json, re, sys
run = json.load(open(sys.argv[1]))
out = run["files"][0]["cases"][0]["output"]
size = sum(len(line) + 1 for line in out)
assert size < 140 * 1024, "the output kept is %d bytes" % size
assert out[0] == "first line" and out[-1] == "last line", (out[0][:50], out[-1][:50])
notes = [line for line in out if re.search(r"\d+ bytes dropped", line)]
assert len(notes) == 1, notes
dropped = int(re.search(r"(\d+) bytes dropped", notes[0]).group(1))
assert dropped > 20 * 1024 * 1024 - 140 * 1024, dropped
' "$work/print_$mode.json" || fatal "print ($mode): the JSON report's output is not bounded as it should be"
  size=$(wc -c <"$work/print_$mode.xml")
  [ "$size" -lt 400000 ] || fatal "print ($mode): the JUnit report is $size bytes"
  if [ -f "$work/print_$mode.time" ]; then
    peak=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/print_$mode.time")
    # 200 MB before (the whole output kept, and copied into each report); fscript alone is about 30 MB.
    [ "$peak" -lt 100000 ] || fatal "print ($mode): peak memory $peak KB for 20 MB printed"
  fi
done

echo "hardening outcomes: ok"
