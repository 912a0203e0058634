#!/usr/bin/env bash
# Frank's core catalog end to end: Tests/frank_suite/frank_core.feature uses every step of fscript's Frank
# catalog (Frank's 41 core steps in Frank's wording, the launch steps of Frank's skeleton, and fscript's few
# additions) against an app file made for it, and passes; each step definition in stdlib/fscript/catalog/frank.lua
# and frank_controls.lua (defined with its sentence, or with the id of one in steps/sentences.lua, the inspector's)
# ran at least once; and the run takes less than the fixed sleeps Frank's own step definitions would have spent
# on the same steps, as a run that slept them could not (both numbers printed: about a thirtieth on an idle
# machine, an eighth with both cores busy, three fifths seen at a load average of 8 on 2 cores, where half was
# too tight a bound). And step definitions from Frank's own example app, ported
# to Lua with fscript.frank_compat (Tests/frank_port), pass against an app of the same shape. On a target that
# cannot be relaunched (a plain Frank server), the launch step fails saying why instead of going on.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'cleanup_servers; rm -rf "$work"' EXIT

status=0
"$bin" --app Tests/frank_suite/apps/frank_app.lua Tests/frank_suite --report "json:$work/run.json" \
  >"$work/run.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 0 ] || fatal "the Frank suite failed (exit $status): $(cat "$work/run.out")"
python3 - "$work/run.json" stdlib/fscript/catalog/frank.lua stdlib/fscript/catalog/frank_controls.lua <<'PY'
import json, re, sys
run, catalogs = json.load(open(sys.argv[1])), sys.argv[2:]
steps = [s for f in run["files"] for c in f["cases"] for s in c["steps"]]
defined = {(catalog.rsplit("/", 1)[1], i + 1) for catalog in catalogs
           for i, line in enumerate(open(catalog)) if re.search(r"""\bdefine\((?:["']|sentences\.)""", line)}
used = {(s["definition"].rsplit(":", 1)[0].rsplit("/", 1)[-1], int(s["definition"].rsplit(":", 1)[1]))
        for s in steps if "definition" in s}
catalog = " and ".join(catalogs)
missing = sorted(defined - used)
if missing:
    sys.exit(f"** ERROR: Frank catalog steps never run by frank_core.feature: lines {missing} of {catalog}")
# The fixed sleeps of Frank's own definitions (core_frank_steps.rb) for the same steps.
def frank_sleep(text):
    if re.fullmatch(r'I touch "[^"]*"', text) or re.fullmatch(r'I touch "[^"]*" if exists', text):
        return 1
    if re.fullmatch(r'I wait to not see "[^"]*"', text):
        return 3
    if text.startswith("I rotate to the ") or text.startswith("a pop-over menu is displayed"):
        return 1
    if text == "I touch the following:":
        return 2  # per row; the suite touches one
    m = re.fullmatch(r"I wait for ([\d.]+) seconds?", text)
    return float(m.group(1)) if m else 0
sleeps = sum(frank_sleep(s["text"]) for s in steps)
print(f"Frank's fixed sleeps for these {len(steps)} steps: {sleeps:.1f} s; fscript ran them in {run['duration']:.2f} s")
if run["duration"] >= sleeps:
    sys.exit(f"** ERROR: {run['duration']:.2f} s is not under Frank's {sleeps:.1f} s of fixed sleeps: does a step sleep?")
PY
status=0
"$bin" --app Tests/frank_port/apps/controls_app.lua Tests/frank_port >"$work/port.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 0 ] || fatal "the ported Frank steps failed (exit $status): $(cat "$work/port.out")"
grep -q "2 passed, 0 failed" "$work/port.out" || fatal "the ported suite: $(tail -3 "$work/port.out")"

start_server plain serve --port 0 --no-extensions
printf 'Feature: launching\n  Scenario: a launch the target cannot do\n    Given I launch the app\n' >"$work/launch.feature"
status=0
"$bin" --target "$url" "$work/launch.feature" >"$work/launch.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 1 ] || fatal "launching on a target without /launch: exit $status, expected 1: $(cat "$work/launch.out")"
grep -q "I launch the app: the target $url .*has no /launch.*--launch 'COMMAND'" "$work/launch.out" ||
  fatal "the launch step's failure does not say why: $(cat "$work/launch.out")"
echo "frank_suite_test: passed"
