#!/usr/bin/env bash
# Checks `--report message:FILE` (Cucumber Messages) through the binary. On a fixture with every status, hooks,
# a BeforeAll hook, attachments, an outline, a retried flaky scenario and a Lua scenario: each envelope converts to
# the messages' own data classes and back unchanged (PyPI cucumber-messages, which scripts/install --test-deps
# installs, as this check does when it is missing), every id a message names was given by an earlier one, the
# order is cucumber's (meta, documents and pickles, support code, testRunStarted, test cases, their runs,
# testRunFinished), and the statuses, attempts and attachments are the ones the run had. Then `--jobs 3` and `--shard 1/2 + 2/2` merged by `fscript merge-reports message:…` write the
# serial run's stream, normalized (ids renamed in order of appearance, timestamps and durations zeroed), on the
# fixture and on fscript's own feature corpus (Tests/features), also in --order reverse and random:SEED;
# `message:-` writes the stream to standard output.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fixture=Tests/cli/fixtures/cucumber_messages

run() { # NAME EXPECTED_STATUS ARGS…
  local name="$1" expected="$2" status=0
  shift 2
  "$bin" "$@" >"$work/$name.out" 2>&1 </dev/null || status=$?
  [ "$status" -eq "$expected" ] || fatal "$name: exit $status, expected $expected: $(tail -20 "$work/$name.out")"
}

# The messages' own data classes (PyPI cucumber-messages), a test dependency as scripts/cck's kit is.
if ! python3 -c 'import cucumber_messages' 2>/dev/null; then
  scripts/install --deps-only --test-deps >&2 || fatal "cannot install the test dependencies (scripts/install --test-deps)"
fi
run serial 1 --retry 1 "$fixture" --report "message:$work/serial.ndjson" --report "json:$work/serial.json"
python3 - "$work/serial.ndjson" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
def fail(msg): sys.exit("** ERROR: " + msg)
kinds = [next(iter(m)) for m in lines]
if any(len(m) != 1 for m in lines): fail("an envelope holds more than one message")
import cucumber_messages._messages as schema
from cucumber_messages.json_converter import JsonDataclassConverter
converter = JsonDataclassConverter(module_scope=schema)
for i, m in enumerate(lines):
    back = converter.to_dict(converter.from_dict(m, schema.Envelope))
    if back != m: fail(f"line {i + 1} ({kinds[i]}) does not survive cucumber-messages: {json.dumps(m)[:300]}")
print("messages: every envelope converts to cucumber-messages' classes and back")
if kinds[0] != "meta" or kinds[-1] != "testRunFinished": fail(f"first {kinds[0]}, last {kinds[-1]}")
meta = lines[0]["meta"]
if meta["implementation"]["name"] != "fscript" or not meta["protocolVersion"]: fail(f"meta: {meta}")
started = kinds.index("testRunStarted")
if any(k in ("source", "gherkinDocument", "pickle", "stepDefinition", "hook") for k in kinds[started:]):
    fail("a document, pickle or definition after testRunStarted")
if any(k == "testCase" for k in kinds[:started]): fail("a testCase before testRunStarted")
first_run = kinds.index("testCaseStarted")
if any(k == "testCase" for k in kinds[first_run:]): fail("a testCase after the first testCaseStarted")
# Every id named was given by an earlier message.
given, named = set(), []
def walk(v, key=None):
    if isinstance(v, dict):
        for k, x in v.items(): walk(x, k)
    elif isinstance(v, list):
        for x in v: walk(x, key)
    elif isinstance(v, str) and key:
        if key == "id": given.add(v)
        elif key in ("pickleId", "pickleStepId", "testCaseId", "testStepId", "hookId", "testCaseStartedId",
                     "testRunStartedId", "testRunHookStartedId") or key == "stepDefinitionIds":
            named.append((key, v, len(given)))
for m in lines:
    before = set(given)
    walk(m)
    for key, v, _ in named:
        if v not in given: fail(f"{key} {v} names no message")
    named.clear()
# The results the run had, by pickle name.
pickles = {m["pickle"]["id"]: m["pickle"] for m in lines if "pickle" in m}
cases = {m["testCase"]["id"]: m["testCase"] for m in lines if "testCase" in m}
runs = {m["testCaseStarted"]["id"]: m["testCaseStarted"] for m in lines if "testCaseStarted" in m}
steps = {}
for m in lines:
    f = m.get("testStepFinished")
    if f: steps.setdefault(f["testCaseStartedId"], []).append(f["testStepResult"]["status"])
def outcome(name):
    out = []
    for rid, r in runs.items():
        case = cases[r["testCaseId"]]
        if pickles[case["pickleId"]]["name"] == name: out.append((r["attempt"], steps[rid]))
    return sorted(out)
hooks = ["PASSED"]  # the untagged Before hook
expect = {
    "passed, with attachments": [(0, hooks + ["PASSED", "PASSED", "PASSED", "PASSED"])],
    "failed, the steps after it skipped": [(0, hooks + ["PASSED", "PASSED", "FAILED", "SKIPPED", "UNDEFINED", "PASSED"]),
                                           (1, hooks + ["PASSED", "PASSED", "FAILED", "SKIPPED", "UNDEFINED", "PASSED"])],
    "pending": [(0, hooks + ["PASSED", "PENDING", "PASSED"])],
    "skipped": [(0, hooks + ["PASSED", "SKIPPED", "PASSED"])],
    "ambiguous": [(0, hooks + ["PASSED", "AMBIGUOUS", "PASSED"])],
    "fails once, then passes": [(0, hooks + ["FAILED", "PASSED"]), (1, hooks + ["PASSED", "PASSED"])],
    "a Lua scenario": [(0, hooks + ["PASSED", "PASSED", "PASSED"])],
}
for name, want in expect.items():
    got = outcome(name)
    if got != want: fail(f"{name}: attempts and step statuses {got}, expected {want}")
retried = [m["testCaseFinished"]["willBeRetried"] for m in lines if "testCaseFinished" in m]
if retried.count(True) != 2: fail(f"willBeRetried: {retried}")
hook_msgs = [m["hook"] for m in lines if "hook" in m]
named_hook = [h for h in hook_msgs if h.get("name") == "a named, tagged hook"]
if not named_hook or named_hook[0].get("tagExpression") != "@hooked" or named_hook[0]["type"] != "BEFORE_TEST_CASE":
    fail(f"hooks: {hook_msgs}")
if {h["type"] for h in hook_msgs} != {"BEFORE_TEST_CASE", "AFTER_TEST_CASE", "BEFORE_TEST_STEP", "BEFORE_TEST_RUN", "AFTER_TEST_RUN"}:
    fail(f"hook types: {sorted(h['type'] for h in hook_msgs)}")
attachments = [m["attachment"] for m in lines if "attachment" in m]
by_body = {a["body"]: a for a in attachments}
checks = [("plain text", "IDENTITY", "text/plain"), ("AAECAw==", "BASE64", "application/octet-stream"),
          ("https://example.com/build/1", "IDENTITY", "text/uri-list"), ("hooked", "IDENTITY", "text/x.cucumber.log+plain"),
          ("from BeforeAll", "IDENTITY", "text/plain")]
for body, encoding, media in checks:
    a = by_body.get(body)
    if not a or a["contentEncoding"] != encoding or a["mediaType"] != media: fail(f"attachment {body!r}: {a}")
if "testRunHookStartedId" not in by_body["from BeforeAll"]: fail("the BeforeAll attachment names no run hook")
if by_body["AAECAw=="].get("fileName") != "bytes.bin": fail("the file name of an attachment is lost")
if not any("suggestion" in m for m in lines): fail("no suggestion for the undefined step")
if lines[-1]["testRunFinished"]["success"] is not False: fail("a failing run's testRunFinished says success")
print(f"messages: {len(lines)} envelopes, order, ids, statuses, attempts and attachments as the run had them")
PY

# The same stream from a parallel run and from merged shards, normalized.
normalize() { # IN OUT: ids renamed, times zeroed, everything else kept (Tests/cck/normalize_stream.lua)
  "$bin" Tests/cck/normalize_stream.lua -- "$1" "$2" --keep >"$work/normalize.out" 2>&1 </dev/null ||
    fatal "cannot normalize $1: $(tail -5 "$work/normalize.out")"
}
compare() { # LABEL SERIAL OTHER
  normalize "$2" "$work/a.norm"
  normalize "$3" "$work/b.norm"
  [ "$(wc -l <"$work/a.norm")" -gt 20 ] || fatal "$1: the serial stream is too short to compare"
  diff "$work/a.norm" "$work/b.norm" >"$work/diff.txt" || fatal "$1 differs from the serial run: $(head -c 3000 "$work/diff.txt")"
}
run jobs 1 --retry 1 --jobs 3 "$fixture" --report "message:$work/jobs.ndjson"
compare "--jobs 3" "$work/serial.ndjson" "$work/jobs.ndjson"
run shard1 1 --retry 1 --shard 1/2 "$fixture" --report "json:$work/shard1.json"
run shard2 1 --retry 1 --shard 2/2 "$fixture" --report "json:$work/shard2.json"
run merge 1 merge-reports "message:$work/merged.ndjson" "$work/shard1.json" "$work/shard2.json"
compare "merge-reports of two shards" "$work/serial.ndjson" "$work/merged.ndjson"

run corpus 0 Tests/features --report "message:$work/corpus.ndjson"
run corpus_jobs 0 --jobs 4 Tests/features --report "message:$work/corpus_jobs.ndjson"
compare "--jobs 4 on Tests/features" "$work/corpus.ndjson" "$work/corpus_jobs.ndjson"

# In another --order, a parallel run and merged shards keep the serial run's order (which is not the defined one).
for order in reverse random:7; do
  run "corpus_$order" 0 --order "$order" Tests/features --report "message:$work/corpus_$order.ndjson"
  normalize "$work/corpus.ndjson" "$work/defined.norm"
  normalize "$work/corpus_$order.ndjson" "$work/ordered.norm"
  ! cmp -s "$work/defined.norm" "$work/ordered.norm" || fatal "--order $order ran Tests/features in the defined order"
  run "corpus_jobs_$order" 0 --order "$order" --jobs 4 Tests/features --report "message:$work/corpus_jobs_$order.ndjson"
  compare "--order $order --jobs 4 on Tests/features" "$work/corpus_$order.ndjson" "$work/corpus_jobs_$order.ndjson"
done
run ordered 1 --retry 1 --order random:5 "$fixture" --report "message:$work/ordered.ndjson"
run ordered_shard1 1 --retry 1 --order random:5 --shard 1/2 "$fixture" --report "json:$work/ordered1.json"
run ordered_shard2 1 --retry 1 --order random:5 --shard 2/2 "$fixture" --report "json:$work/ordered2.json"
run ordered_merge 1 merge-reports "message:$work/ordered_merged.ndjson" "$work/ordered1.json" "$work/ordered2.json"
compare "--order random:5: merge-reports of two shards" "$work/ordered.ndjson" "$work/ordered_merged.ndjson"

# message:- writes the stream to standard output, the console going to standard error.
status=0
"$bin" Tests/features --report message:- >"$work/stdout.ndjson" 2>"$work/stderr.txt" </dev/null || status=$?
[ "$status" -eq 0 ] || fatal "message:-: exit $status: $(cat "$work/stderr.txt")"
head -n 1 "$work/stdout.ndjson" | grep -q '^{"meta":' || fatal "message:- does not start with meta: $(head -c 300 "$work/stdout.ndjson")"
grep -q "passed, 0 failed" "$work/stderr.txt" || fatal "message:-: the console is not on standard error"
# The failure screenshot is an attachment of the failed step: a PNG, base64, in the stream (and in the HTML report).
run shot 1 Tests/cli/fixtures/cucumber_report --artifacts "$work/artifacts" --report "message:$work/shot.ndjson" \
  --report "html:$work/shot-html"
python3 - "$work/shot.ndjson" <<'PY'
import base64, json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
failed = {(m["testStepFinished"]["testCaseStartedId"], m["testStepFinished"]["testStepId"]) for m in lines
          if "testStepFinished" in m and m["testStepFinished"]["testStepResult"]["status"] == "FAILED"}
shots = [m["attachment"] for m in lines if "attachment" in m and m["attachment"]["mediaType"] == "image/png"]
if len(shots) != 1: sys.exit(f"** ERROR: expected one screenshot attachment, got {len(shots)}")
shot = shots[0]
if (shot.get("testCaseStartedId"), shot.get("testStepId")) not in failed:
    sys.exit("** ERROR: the screenshot is not attached to the failed step")
if shot["contentEncoding"] != "BASE64" or not base64.b64decode(shot["body"]).startswith(b"\x89PNG"):
    sys.exit("** ERROR: the screenshot is not a base64 PNG")
PY
grep -q 'src="data:image/png;base64,' "$work/shot-html/index.html" || fatal "the HTML report shows no screenshot"

# The CI the environment names is in meta, as cucumber's ci-environment reports it.
GITHUB_ACTIONS=true GITHUB_SERVER_URL=https://github.example GITHUB_REPOSITORY=team/app GITHUB_RUN_ID=42 \
  GITHUB_SHA=0123abc GITHUB_REF_NAME=main "$bin" Tests/features/outline.feature --report message:- \
  >"$work/ci.ndjson" 2>/dev/null </dev/null || fatal "the run with a CI environment failed"
python3 - "$work/ci.ndjson" <<'PY'
import json, sys
ci = json.loads(open(sys.argv[1]).readline())["meta"].get("ci")
want = {"name": "GitHub Actions", "url": "https://github.example/team/app/actions/runs/42", "buildNumber": "42",
        "git": {"remote": "https://github.example/team/app.git", "revision": "0123abc", "branch": "main"}}
if ci != want: sys.exit(f"** ERROR: meta.ci is {ci}, expected {want}")
PY
echo "messages_test: passed"
