#!/usr/bin/env bash
# Swerkin's half of the mission against the demo app: screens rendered directly (embedded simulator and
# `fscript serve` through --target), the steps by identifier and by label, preconditions picking a render
# variant, scenario info in the JSON and JUnit reports, a wrong identifier naming those on screen, and selection
# by identifier against a server without fscript's extensions (`serve --no-extensions`), with its round trips.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'cleanup_servers; rm -rf "$work"' EXIT
suite=Tests/cli/fixtures/swerkin_suite.lua

check_run() {
  local name="$1"
  shift
  local status=0
  "$bin" "$@" "$suite" --report "json:$work/$name.json" --report "junit:$work/$name.xml" \
    >"$work/$name.out" 2>&1 </dev/null || status=$?
  [ "$status" -eq 1 ] || fatal "$name: expected exit 1 (one scenario fails on purpose), got $status: $(cat "$work/$name.out")"
  python3 - "$work/$name.json" "$work/$name.xml" "$name" <<'PY'
import json, sys, xml.etree.ElementTree as ET
report, junit, name = json.load(open(sys.argv[1])), ET.parse(sys.argv[2]), sys.argv[3]
cases = {c["name"]: c for f in report["files"] for c in f["cases"]}
def fail(msg): sys.exit(f"** ERROR: {name}: {msg}")
for title, case in cases.items():
    want = "failed" if "wrong" in title else "passed"
    if case["status"] != want:
        fail(f"{title!r} {case['status']}: {case.get('failure')}")
    if "swerkin" not in case["tags"]:
        fail(f"{title!r} lacks the file's tag: {case['tags']}")
deep = cases["render a deep screen"]
if deep.get("info") != {"owner": "qa", "suite": "swerkin", "ticket": "FS-17"}:
    fail(f"info in the JSON report: {deep.get('info')}")
wrong = cases["a wrong identifier names the ones on screen"]["failure"]["message"]
for word in ("signin", "'username'", "'password'", "'login'"):
    if word not in wrong:
        fail(f"the wrong identifier's failure does not name {word}: {wrong}")
trait = cases["a wrong render trait says what the screen shows"]["failure"]["message"]
for words in ("Mislabelled screen: nothing matches its trait", "the screen shows:", "Notifications"):
    if words not in trait:
        fail(f"the wrong trait's failure does not say {words!r}: {trait}")
option = cases["a wrong option names the ones there are"]["failure"]["message"]
if 'no option "Huge"; its options: Small, Medium, Large' not in option:
    fail(f"the wrong option's failure: {option}")
props = {p.get("name"): p.get("value") for p in junit.iter("property")}
if props.get("render a deep screen: ticket") != "FS-17":
    fail(f"JUnit properties: {props}")
PY
}

check_run embedded
start_server serve serve --port 0
check_run served --target "$url"

# The same in Gherkin: info and preconditions as tags (@info:KEY=VALUE, @precondition:NAME), the feature's for
# each scenario; the precondition picks the signed-in render variant.
status=0
"$bin" Tests/cli/fixtures/swerkin_gherkin --report "json:$work/gherkin.json" --report "junit:$work/gherkin.xml" \
  >"$work/gherkin.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 0 ] || fatal "the Gherkin render variants failed (exit $status): $(cat "$work/gherkin.out")"
python3 - "$work/gherkin.json" "$work/gherkin.xml" <<'PY'
import json, sys, xml.etree.ElementTree as ET
cases = {c["name"]: c for f in json.load(open(sys.argv[1]))["files"] for c in f["cases"]}
if cases["the signed-in home screen"].get("info") != {"suite": "gherkin", "ticket": "FS-17"}:
    sys.exit(f"** ERROR: Gherkin info: {cases['the signed-in home screen'].get('info')}")
props = {p.get("name"): p.get("value") for p in ET.parse(sys.argv[2]).iter("property")}
if props.get("the signed-in home screen: ticket") != "FS-17" or props.get("the signed-out home screen: suite") != "gherkin":
    sys.exit(f"** ERROR: Gherkin info in JUnit: {props}")
PY

# Selection by identifier with what every Frankly server offers: one /map of accessibilityIdentifier, then an
# index. Against a server without fscript's extensions, count the round trips.
start_server plain serve --port 0 --no-extensions
cat >"$work/ids.lua" <<'LUA'
local before = app.calls
local query = app:lookup{ id = "password", class = "UITextField" }
local lookup_trips = app.calls - before
assert(query.selector == "view:'UITextField' index:1", "the identifier resolves to a position: " .. query.selector)
before = app.calls
query:touch()
local touch_trips = app.calls - before
app:type_into(query.selector, "secret")
assert(app:map(query.selector, "accessibilityIdentifier")[1] == "password", "the position is the identified view")
print(("round trips: lookup by identifier %d, touch %d"):format(lookup_trips, touch_trips))
LUA
"$bin" --target "$url" "$work/ids.lua" >"$work/ids.out" 2>&1 </dev/null || fatal "identifier lookup: $(cat "$work/ids.out")"
grep -o 'round trips: .*' "$work/ids.out"
echo "swerkin_test: passed"
