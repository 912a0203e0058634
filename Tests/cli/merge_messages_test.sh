#!/usr/bin/env bash
# Checks `fscript merge-reports` with Cucumber Messages streams (`--report message:FILE`) as inputs. On the
# messages fixture (every status, hooks, attachments, an outline, a retried flaky scenario, a Lua scenario) and on
# Tests/features: the JSON, JUnit and cucumber JSON reports derived from the run's stream agree with the ones the
# run wrote directly (TAP and HTML too, but for the HTML's times) (Tests/cli/fixtures/compare_derived_reports.py says which fields a stream does not carry and
# are normalized); the message stream written again equals the run's, normalized (ids renamed in order,
# timestamps and durations zeroed), also in --order reverse; two shards' streams merged, and a mix of one shard's stream and the other's
# JSON report, write the serial run's normalized stream. Then the errors: a file that is no stream, a broken line
# (FILE:LINE and what is wrong), messages that do not make a run, a stream cut short, also mid-line (rendered as
# far as it goes, with a warning, exit 130).
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fixture=Tests/cli/fixtures/cucumber_messages

run() { # NAME EXPECTED_STATUS ARGS…
  local name="$1" expected="$2" status=0
  shift 2
  "$bin" "$@" >"$work/$name.out" 2>"$work/$name.err" </dev/null || status=$?
  [ "$status" -eq "$expected" ] || fatal "$name: exit $status, expected $expected: $(tail -20 "$work/$name.err")"
}
normalize() { # IN OUT: ids renamed, times zeroed, everything else kept (Tests/cck/normalize_stream.lua)
  "$bin" Tests/cck/normalize_stream.lua -- "$1" "$2" --keep >"$work/normalize.out" 2>&1 </dev/null ||
    fatal "cannot normalize $1: $(tail -5 "$work/normalize.out")"
}
compare_messages() { # LABEL EXPECTED ACTUAL
  normalize "$2" "$work/a.norm"
  normalize "$3" "$work/b.norm"
  [ "$(wc -l <"$work/a.norm")" -gt 20 ] || fatal "$1: the expected stream is too short to compare"
  diff "$work/a.norm" "$work/b.norm" >"$work/diff.txt" || fatal "$1 differs: $(head -c 3000 "$work/diff.txt")"
}

for suite in fixture corpus; do
  if [ "$suite" = fixture ]; then args=(--retry 1 "$fixture"); expected=1; else args=(Tests/features); expected=0; fi
  run "$suite" "$expected" "${args[@]}" --report "json:$work/$suite.json" --report "junit:$work/$suite.xml" \
    --report "cucumber:$work/$suite.cucumber.json" --report "message:$work/$suite.ndjson" \
    --report "tap:$work/$suite.direct.tap" --report "html:$work/$suite.direct.html"
  run "${suite}_derived" "$expected" merge-reports "json:$work/$suite.derived.json" \
    "junit:$work/$suite.derived.xml" "cucumber:$work/$suite.derived.cucumber.json" \
    "message:$work/$suite.derived.ndjson" "html:$work/$suite.html" "tap:$work/$suite.tap" "$work/$suite.ndjson"
  python3 Tests/cli/fixtures/compare_derived_reports.py json "$work/$suite.json" "$work/$suite.derived.json"
  python3 Tests/cli/fixtures/compare_derived_reports.py junit "$work/$suite.xml" "$work/$suite.derived.xml"
  python3 Tests/cli/fixtures/compare_derived_reports.py cucumber "$work/$suite.cucumber.json" \
    "$work/$suite.derived.cucumber.json"
  compare_messages "$suite: the stream written again from the stream" "$work/$suite.ndjson" "$work/$suite.derived.ndjson"
  # TAP and HTML the same but for their times (duration_ms, "0.00 s").
  times() { sed -E 's/[0-9]+\.[0-9]+ s\b//g; s/duration_ms: [0-9.]+//' "$1"; }
  diff <(times "$work/$suite.direct.tap") <(times "$work/$suite.tap") >"$work/diff.txt" ||
    fatal "$suite: the TAP report differs: $(head -c 2000 "$work/diff.txt")"
  diff <(times "$work/$suite.direct.html") <(times "$work/$suite.html") >"$work/diff.txt" ||
    fatal "$suite: the HTML report differs: $(head -c 2000 "$work/diff.txt")"

  # Two shards' streams merged, and one shard's stream with the other's JSON report.
  run "${suite}_shard1" "$expected" --shard 1/2 "${args[@]}" --report "message:$work/$suite.1.ndjson" \
    --report "json:$work/$suite.1.json"
  run "${suite}_shard2" "$expected" --shard 2/2 "${args[@]}" --report "message:$work/$suite.2.ndjson"
  run "${suite}_shards" "$expected" merge-reports "message:$work/$suite.merged.ndjson" \
    "junit:$work/$suite.merged.xml" "$work/$suite.1.ndjson" "$work/$suite.2.ndjson"
  compare_messages "$suite: two shards' streams merged" "$work/$suite.ndjson" "$work/$suite.merged.ndjson"
  python3 Tests/cli/fixtures/compare_derived_reports.py junit "$work/$suite.xml" "$work/$suite.merged.xml"
  run "${suite}_mixed" "$expected" merge-reports "message:$work/$suite.mixed.ndjson" "$work/$suite.1.json" \
    "$work/$suite.2.ndjson"
  compare_messages "$suite: a shard's JSON report merged with a shard's stream" "$work/$suite.ndjson" \
    "$work/$suite.mixed.ndjson"
done

# One stream keeps its run's --order (which is not the defined one) in every report derived from it.
run reverse 0 --order reverse Tests/features --report "message:$work/reverse.ndjson" --report "junit:$work/reverse.xml"
run reverse_derived 0 merge-reports "message:$work/reverse.derived.ndjson" "junit:$work/reverse.derived.xml" \
  "$work/reverse.ndjson"
compare_messages "--order reverse: the stream written again" "$work/reverse.ndjson" "$work/reverse.derived.ndjson"
python3 Tests/cli/fixtures/compare_derived_reports.py junit "$work/reverse.xml" "$work/reverse.derived.xml"

# Not a stream: said with the file and line, exit 2.
echo "hello" >"$work/text.ndjson"
run not_stream 2 merge-reports "junit:$work/x.xml" "$work/text.ndjson"
grep -q "text.ndjson:1: not a Cucumber Messages stream" "$work/not_stream.err" || fatal "not a stream: $(cat "$work/not_stream.err")"
sed '7s/.*/{"testCase": {"id": "1",/' "$work/fixture.ndjson" >"$work/broken.ndjson"
run broken 2 merge-reports "junit:$work/x.xml" "$work/broken.ndjson"
grep -q "broken.ndjson:7: not JSON" "$work/broken.err" || fatal "broken line: $(cat "$work/broken.err")"
sed '3s/.*/{"result": {}}/' "$work/fixture.ndjson" >"$work/alien.ndjson"
run alien 2 merge-reports "junit:$work/x.xml" "$work/alien.ndjson"
grep -q "alien.ndjson:3: not a Cucumber Messages envelope" "$work/alien.err" || fatal "alien line: $(cat "$work/alien.err")"
python3 - "$work/fixture.ndjson" "$work/odd.ndjson" <<'PY2'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
next(m for m in lines if "pickle" in m)["pickle"]["steps"] = [1, 2]  # each line JSON, the whole no run
open(sys.argv[2], "w").write("".join(json.dumps(m) + "\n" for m in lines))
PY2
run odd 2 merge-reports "junit:$work/x.xml" "$work/odd.ndjson"
grep -q "odd.ndjson: the messages do not fit together as a run" "$work/odd.err" || fatal "odd stream: $(cat "$work/odd.err")"
[ ! -e "$work/x.xml" ] || fatal "a report was written from a broken stream"

# Cut short (no testRunFinished, the last case unfinished): the reports show what finished, exit 130, a warning.
total="$(grep -c '"testCaseFinished"' "$work/fixture.ndjson")"
last="$(grep -n '"testCaseFinished"' "$work/fixture.ndjson" | tail -n 1 | cut -d: -f1)"
# The last line itself is cut mid-write (no newline): left out with a warning naming it.
{ head -n "$((last - 1))" "$work/fixture.ndjson"; sed -n "${last}p" "$work/fixture.ndjson" | head -c 30; } \
  >"$work/cut.ndjson"
run cut 130 merge-reports "json:$work/cut.json" "$work/cut.ndjson"
grep -q "cut.ndjson: the stream ends before its testRunFinished" "$work/cut.err" || fatal "cut short: no warning: $(cat "$work/cut.err")"
grep -q "cut.ndjson:$last: the last line is cut short" "$work/cut.err" || fatal "cut mid-line: no warning: $(cat "$work/cut.err")"
python3 - "$work/cut.json" "$((total - 1))" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
runs = sum(1 + len(c.get("attempts") or []) for f in d["files"] for c in f["cases"])
if runs != int(sys.argv[2]) or not d["interrupted"]:
    sys.exit(f"** ERROR: cut short: {runs} test case runs (expected {sys.argv[2]}), interrupted {d['interrupted']}")
PY
echo "merge_messages_test: passed"
