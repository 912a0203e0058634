#!/usr/bin/env bash
# One result, however a suite runs. A suite with every kind of file (Lua scenarios with tags, a plain script,
# .feature files whose step definitions and screens sit beside them and a folder above, an outline, a
# Background, a scenario that changes the app's state, deliberate failures, a project file) runs serially, with
# --jobs 2, as --shard 1/2 + 2/2 merged by merge-reports, against `fscript serve`, and on a pool of two `fscript
# serve` targets; every mode reports the same cases (files, names, outcomes, steps with their keywords, texts,
# outcomes and nesting) as the serial run on the embedded simulator. A run of a sub-folder finds the step
# definitions above it.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
cleanup() { cleanup_servers; pkill -9 -f -- "--worker .*$work" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
suite=Tests/cli/fixtures/run_modes

# Runs fscript ARGS… with a JSON report to $work/NAME.json; the suite's deliberate failures make it exit 1.
run_mode() {
  local name="$1" status=0
  shift
  "$bin" "$@" --artifacts "$work/artifacts" >"$work/$name.log" 2>&1 </dev/null || status=$?
  [ "$status" -eq 1 ] || fatal "$name: exit $status, expected 1 (two deliberate failures): $(tail -n 30 "$work/$name.log")"
}

# The cases of a JSON report as comparable lines: file, name, status, then each step (depth, keyword, text, status).
cat >"$work/cases.py" <<'PY'
import json, sys
def cases(path):
    run = json.load(open(path))
    out = []
    for f in run["files"]:
        for c in f["cases"]:
            out.append(f'{f["path"]} › {c["name"]}: {c["status"]}')
            for s in c.get("steps", []):
                out.append(f'    {"  " * s.get("depth", 0)}{s.get("keyword", "")} {s["text"]}: {s["status"]}')
    return out
serial, other, name = cases(sys.argv[1]), cases(sys.argv[2]), sys.argv[3]
if serial != other:
    import difflib
    diff = "\n".join(difflib.unified_diff(serial, other, "serial", name, lineterm="", n=1))
    sys.exit(f"** ERROR: {name} differs from the serial run:\n{diff}")
if sys.argv[4:] and sum(1 for line in serial if not line.startswith(" ")) != int(sys.argv[4]):
    sys.exit(f"** ERROR: the serial run has {sum(1 for l in serial if not l.startswith(' '))} cases, expected {sys.argv[4]}")
PY
same_cases() { python3 "$work/cases.py" "$work/serial.json" "$@"; }

run_mode serial "$suite" --report "json:$work/serial.json"
python3 - "$work/serial.json" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
status = {(f["path"].split("/")[-1], c["name"]): c["status"] for f in run["files"] for c in f["cases"]}
failed = sorted(k for k, v in status.items() if v != "passed")
want = [("login.feature", "a deliberate failure"), ("scenarios_test.lua", "fails on purpose")]
if failed != want:
    sys.exit(f"** ERROR: the serial run failed {failed}, expected {want}")
if len(status) != 10:
    sys.exit(f"** ERROR: {len(status)} cases, expected 10: {sorted(status)}")
PY

run_mode jobs "$suite" --jobs 2 --report "json:$work/jobs.json"
same_cases "$work/jobs.json" "--jobs 2" 10

for i in 1 2; do
  status=0
  "$bin" "$suite" --shard "$i/2" --report "json:$work/shard$i.json" --artifacts "$work/artifacts" >"$work/shard$i.log" 2>&1 \
    </dev/null || status=$?
  [ "$status" -le 1 ] || fatal "--shard $i/2: exit $status: $(tail -n 30 "$work/shard$i.log")"
done
status=0
"$bin" merge-reports "json:$work/merged.json" "$work/shard1.json" "$work/shard2.json" >"$work/merge.log" 2>&1 || status=$?
[ "$status" -eq 1 ] || fatal "merge-reports: exit $status: $(cat "$work/merge.log")"
same_cases "$work/merged.json" "--shard 1/2 + 2/2, merged"

start_server serve-a serve --port 0
target_a="$url"
start_server serve-b serve --port 0
target_b="$url"
run_mode serve "$suite" --target "$target_a" --report "json:$work/serve.json"
same_cases "$work/serve.json" "fscript serve"
run_mode pool "$suite" --target "$target_a" --target "$target_b" --report "json:$work/pool.json"
same_cases "$work/pool.json" "a pool of two fscript serve targets"

# A run of the sub-folder alone finds the step definitions and screens one folder up.
status=0
"$bin" "$suite/features/sub" --report "json:$work/sub.json" --artifacts "$work/artifacts" >"$work/sub.log" 2>&1 \
  </dev/null || status=$?
[ "$status" -eq 1 ] || fatal "features/sub alone: exit $status: $(tail -n 30 "$work/sub.log")"
python3 - "$work/sub.json" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
status = [c["status"] for f in run["files"] for c in f["cases"]]
if status.count("passed") != 4 or status.count("failed") != 1:
    sys.exit(f"** ERROR: features/sub alone: {status}")
PY
echo "run modes: serial, --jobs 2, shards merged, fscript serve and a pool of two report the same 10 cases"
