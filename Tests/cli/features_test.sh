#!/usr/bin/env bash
# .feature files end to end: the corpus in Tests/features (Background, Rule, outlines with placeholders in steps,
# tables and doc strings, tags on every level, German and Chinese) runs and passes with the scenarios, tags and
# keywords a cucumber user expects in the report; --tags selects by Gherkin tags; files that do not parse exit 2
# naming FILE:LINE:COLUMN (ours and every bad file of the official test data); valid Gherkin that looks like a
# typo (a description line starting `The`) runs with a warning, and fails to load with --strict; --dry-run lists
# undefined steps with snippets that, pasted, make it clean (0 / 1 / 2); a normal run prints the snippets too.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

status=0
"$bin" Tests/features --report "json:$work/run.json" >"$work/run.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 0 ] || fatal "the corpus failed (exit $status): $(cat "$work/run.out")"
python3 - "$work/run.json" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
cases = {c["name"]: c for f in run["files"] for c in f["cases"]}
want = {
    "steps run after the Background": ["corpus", "smoke"],
    "a data table and a doc string reach their steps": ["corpus"],
    "writing 1 entries as alice": ["small"], "writing 2 entries as bob": ["small"],
    "writing 300 entries as carol": ["large"],
    "one more": ["ruled"], "nothing but background": ["ruled", "second"],
    "zwei Einträge": [], "两条记录": [],
}
if set(cases) != set(want):
    sys.exit(f"** ERROR: scenarios {sorted(cases)}, expected {sorted(want)}")
for name, tags in want.items():
    if cases[name]["tags"] != tags:
        sys.exit(f"** ERROR: {name!r} has tags {cases[name]['tags']}, expected {tags}")
keywords = [s["keyword"] for s in cases["zwei Einträge"]["steps"]]
if keywords != ["Angenommen", "Wenn", "Und", "Dann", "Aber"]:
    sys.exit(f"** ERROR: German keywords as reported: {keywords}")
if cases["两条记录"]["steps"][0]["keyword"] != "假如":
    sys.exit(f"** ERROR: Chinese keyword as reported: {cases['两条记录']['steps'][0]['keyword']}")
where = cases["one more"]["steps"][1]["where"]
if where != "Tests/features/rules/rules.feature:8":
    sys.exit(f"** ERROR: a Background step's location: {where}")
PY

# Tags: on the feature, the scenario, the rule and the examples, with cucumber's expressions.
count_cases() { python3 -c 'import json,sys; print(sum(len(f["cases"]) for f in json.load(open(sys.argv[1]))["files"]))' "$1"; }
"$bin" Tests/features --tags @small --report "json:$work/small.json" >/dev/null 2>&1 </dev/null || fatal "--tags @small failed"
[ "$(count_cases "$work/small.json")" -eq 2 ] || fatal "--tags @small ran $(count_cases "$work/small.json") scenarios, expected 2"
"$bin" Tests/features --tags '@corpus and not @smoke' --report "json:$work/some.json" >/dev/null 2>&1 </dev/null ||
  fatal "--tags '@corpus and not @smoke' failed"
[ "$(count_cases "$work/some.json")" -eq 1 ] || fatal "'@corpus and not @smoke' ran $(count_cases "$work/some.json")"

# Files that do not parse: exit 2, FILE:LINE:COLUMN and what was meant. `expect_parse_error FILE WHERE WORDS
# [FLAG…]`.
expect_parse_error() {
  local file="$1" where="$2" words="$3" status=0
  shift 3
  "$bin" "$@" "$file" >"$work/bad.out" 2>&1 </dev/null || status=$?
  [ "$status" -eq 2 ] || fatal "$file: exit $status, expected 2: $(cat "$work/bad.out")"
  grep -qF "$file:$where" "$work/bad.out" || fatal "$file: no $file:$where in: $(cat "$work/bad.out")"
  [ -z "$words" ] || grep -qF "$words" "$work/bad.out" || fatal "$file: no '$words' in: $(cat "$work/bad.out")"
}
expect_parse_error Tests/cli/fixtures/gherkin/typo.feature 2:3 "did you mean 'Scenario:'" --strict
expect_parse_error Tests/cli/fixtures/gherkin/cells.feature 5:7 "inconsistent cell count"

# Valid Gherkin is never refused: description lines starting `Scenaro:`, `The`, `An`, `Give` run, each with one
# warning on standard error naming FILE:LINE:COLUMN and the keyword it resembles (once, with --jobs too); --strict
# refuses them (above).
status=0
"$bin" Tests/cli/fixtures/gherkin/typo.feature >"$work/typo.out" 2>"$work/typo.err" </dev/null || status=$?
[ "$status" -eq 0 ] || fatal "typo.feature is valid Gherkin: exit $status: $(cat "$work/typo.out" "$work/typo.err")"
grep -qxF "Tests/cli/fixtures/gherkin/typo.feature:2:3: warning: 'Scenaro:' is read as description text; did you \
mean 'Scenario:'?" "$work/typo.err" || fatal "typo.feature: no warning on standard error: $(cat "$work/typo.err")"
mkdir -p "$work/lenient/step_definitions"
cp Tests/cli/fixtures/gherkin/descriptions.feature "$work/lenient/"
cp Tests/features/step_definitions/corpus_steps.lua "$work/lenient/step_definitions/"
feature="$work/lenient/descriptions.feature"
for jobs in 1 2; do
  status=0
  "$bin" --jobs "$jobs" "$work/lenient" >"$work/lenient.out" 2>"$work/lenient.err" </dev/null || status=$?
  [ "$status" -eq 0 ] ||
    fatal "descriptions like steps (--jobs $jobs): exit $status: $(cat "$work/lenient.out" "$work/lenient.err")"
  grep -q "1 passed, 0 failed" "$work/lenient.out" || fatal "descriptions like steps: $(cat "$work/lenient.out")"
  for want in "$feature:7:5: warning: 'Give' is read as description text; did you mean 'Given'?" \
    "$feature:11:5: warning: 'The' is read as description text; did you mean 'Then'?" \
    "$feature:12:5: warning: 'An' is read as description text; did you mean 'And'?"; do
    [ "$(grep -cxF "$want" "$work/lenient.err")" -eq 1 ] ||
      fatal "--jobs $jobs: not once on standard error: $want; got: $(cat "$work/lenient.err")"
  done
  [ "$(grep -c "warning:" "$work/lenient.err")" -eq 3 ] || fatal "--jobs $jobs: warnings: $(cat "$work/lenient.err")"
done
for jobs in 1 2; do
  status=0
  "$bin" --strict --jobs "$jobs" "$work/lenient" >"$work/strict.out" 2>&1 </dev/null || status=$?
  [ "$status" -eq 2 ] || fatal "--strict --jobs $jobs with warnings: exit $status, expected 2: $(cat "$work/strict.out")"
  grep -qF "$feature:11:5: 'The' is read as description text; did you mean 'Then'?" "$work/strict.out" ||
    fatal "--strict --jobs $jobs names no error: $(cat "$work/strict.out")"
done
if shared_data gherkin "features_test (the official bad files part)"; then
  for bad in "$shared_dir"/testdata/bad/*.feature; do
    first="$(python3 -c 'import json,sys; l=json.loads(open(sys.argv[1]).readline())["parseError"]["source"]["location"]; print("%d:%d" % (l["line"], l.get("column", 0)))' "$bad.errors.ndjson")"
    expect_parse_error "$bad" "$first" ""
  done
fi

# --dry-run: three undefined steps, three snippets; pasted into step_definitions, the dry run is clean.
mkdir -p "$work/suite/step_definitions"
cp Tests/cli/fixtures/gherkin/undefined.feature "$work/suite/"
cp Tests/features/step_definitions/corpus_steps.lua "$work/suite/step_definitions/"
status=0
"$bin" --dry-run "$work/suite" >"$work/dry.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 1 ] || fatal "dry run with undefined steps: exit $status, expected 1: $(cat "$work/dry.out")"
[ "$(grep -c '^step(' "$work/dry.out")" -eq 3 ] || fatal "expected 3 snippets: $(cat "$work/dry.out")"
grep -qF 'step("I have {int} apples in {string}", function(n, text)' "$work/dry.out" || fatal "snippet: $(cat "$work/dry.out")"
grep -qF 'step("the list shows:", function(rows)' "$work/dry.out" || fatal "table snippet: $(cat "$work/dry.out")"
sed -n '/^step(/,/^end)/p' "$work/dry.out" >"$work/suite/step_definitions/new_steps.lua"
"$bin" --dry-run "$work/suite" >"$work/dry2.out" 2>&1 </dev/null || fatal "pasted snippets, still not clean: $(cat "$work/dry2.out")"
grep -qF "0 undefined" "$work/dry2.out" || fatal "dry run summary: $(cat "$work/dry2.out")"
# From inside the suite's folder (`cd features && fscript x.feature`), its step_definitions load just the same.
(cd "$work/suite" && "$bin" --dry-run undefined.feature) >"$work/dry-inside.out" 2>&1 </dev/null ||
  fatal "run from inside the folder with step_definitions: $(cat "$work/dry-inside.out")"
grep -qF "0 undefined" "$work/dry-inside.out" || fatal "from inside the folder: $(cat "$work/dry-inside.out")"
status=0
"$bin" --dry-run --strict Tests/cli/fixtures/gherkin/typo.feature >"$work/dry3.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 2 ] || fatal "dry run of a file that does not parse: exit $status, expected 2"

# A normal run that meets undefined steps fails and prints their snippets once.
rm "$work/suite/step_definitions/new_steps.lua"
status=0
"$bin" "$work/suite" >"$work/undefined.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 1 ] || fatal "a run with an undefined step: exit $status, expected 1"
grep -qF 'step("I have {int} apples in {string}", function(n, text)' "$work/undefined.out" ||
  fatal "the failing run prints no snippet: $(cat "$work/undefined.out")"
echo "features_test: passed"
