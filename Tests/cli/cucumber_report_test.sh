#!/usr/bin/env bash
# --report cucumber:FILE: a run with a failing scenario writes cucumber-ruby's JSON, which validates against both
# published schemas in ../shared/cucumber-json (the canonical one as {implementation, features}); steps carry
# keyword, line, status and duration in nanoseconds, the step after the failure is skipped, the failed step
# embeds the failure screenshot as a base64 PNG, and tags and outline rows come through. A Background is an element
# of its own before each scenario, as cucumber-ruby writes it; outline rows have distinct names and ids
# (feature;outline;examples;row).
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

status=0
"$bin" Tests/cli/fixtures/cucumber_report --report "cucumber:$work/cucumber.json" --artifacts "$work/artifacts" \
  >"$work/run.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 1 ] || fatal "expected exit 1 (one scenario fails on purpose), got $status: $(cat "$work/run.out")"
schemas=""
if shared_data cucumber-json "cucumber_report_test (its schema checks)"; then schemas="$shared_dir"; fi
python3 - "$work/cucumber.json" "$schemas" <<'PY'
import base64, copy, json, sys
import jsonschema
report, schemas = json.load(open(sys.argv[1])), sys.argv[2]
def fail(msg): sys.exit("** ERROR: " + msg)
# The published schemas (v0.2.1) have no "embeddings" on a step, although cucumber-ruby writes them there and the
# report plugins read them: they are checked here, then left out for the schema check.
bare = copy.deepcopy(report)
shots = []
for feature in bare:
    for element in feature["elements"]:
        for step in element["steps"]:
            shots += step.pop("embeddings", [])
if schemas:
    jsonschema.validate(bare, json.load(open(f"{schemas}/cucumber-ruby.schema.json")))
    jsonschema.validate({"implementation": "fscript", "features": bare},
                        json.load(open(f"{schemas}/canonical.schema.json")))
if len(shots) != 1 or shots[0]["mime_type"] != "image/png" or not base64.b64decode(shots[0]["data"]).startswith(b"\x89PNG"):
    fail(f"expected one embedded PNG screenshot, got {[s.get('mime_type') for s in shots]}")
features = {f["uri"].rsplit("/", 1)[-1]: f for f in report}
if sorted(features) != ["login.feature", "rows.feature"]:
    fail(f"features: {sorted(features)}")
feature = features["login.feature"]
if feature["name"] != "Logging in, for the cucumber report" or feature["tags"] != [{"name": "@reporting", "line": 1}]:
    fail(f"feature: {feature['name']!r} {feature['tags']}")
elements = {e["name"]: e for e in feature["elements"]}
broken = elements["a failure with a screenshot"]
statuses = [s["result"]["status"] for s in broken["steps"]]
if statuses != ["passed", "failed", "skipped"]:
    fail(f"statuses of the failing scenario: {statuses}")
if broken["steps"][1]["line"] != 13 or broken["steps"][1]["keyword"] != "Then ":
    fail(f"the failed step: {broken['steps'][1]}")
if not isinstance(broken["steps"][0]["result"]["duration"], int) or broken["steps"][0]["result"]["duration"] <= 0:
    fail(f"durations are nanoseconds: {broken['steps'][0]['result']}")
# cucumber's JSON names the matched definition of every step, the failed one and the one it skipped too.
matches = [s.get("match", {}).get("location", "") for s in broken["steps"]]
if not all(m.rsplit(":", 1)[-1].isdigit() for m in matches) or matches[2] != matches[1]:
    fail(f"match locations of the failing scenario's steps: {matches}")
if "Nothing like this" not in broken["steps"][1]["result"]["error_message"]:
    fail(f"error message: {broken['steps'][1]['result']}")
if [t["name"] for t in broken["tags"]] != ["@reporting", "@broken"]:
    fail(f"tags: {broken['tags']}")
if "an outline row 1" not in elements or elements["the login screen"]["steps"][1]["rows"] != [{"cells": ["Password"]}]:
    fail(f"outline or table: {list(elements)}")
rows = features["rows.feature"]["elements"]
if [e["type"] for e in rows] != ["background", "scenario", "background", "scenario"]:
    fail(f"a Background is an element before each scenario: {[e['type'] for e in rows]}")
if rows[0]["name"] != "the login screen is up" or [s["name"] for s in rows[0]["steps"]] != ['I should see "User name"']:
    fail(f"the background element: {rows[0]}")
if [s["name"] for s in rows[1]["steps"]] != ['I should see "User name"'] or rows[1]["steps"][0]["line"] != 9:
    fail(f"the scenario element holds its own steps: {rows[1]['steps']}")
ids = [e["id"] for f in report for e in f["elements"] if e["type"] == "scenario"]
if len(ids) != len(set(ids)):
    fail(f"scenario ids are not unique: {ids}")
if [rows[1]["id"], rows[3]["id"]] != ["outline-rows,-for-the-cucumber-report;a-field-is-there;fields;2",
                                      "outline-rows,-for-the-cucumber-report;a-field-is-there;fields;3"]:
    fail(f"outline row ids: {rows[1]['id']}, {rows[3]['id']}")
if [rows[1]["name"], rows[3]["name"]] != ["a field is there (outline example : | User name |)",
                                          "a field is there (outline example : | Password |)"]:
    fail(f"outline row names: {rows[1]['name']}, {rows[3]['name']}")
print("cucumber report:", "valid against both schemas;" if schemas else "(schemas skipped);", "statuses", statuses)
PY
echo "cucumber_report_test: passed"
