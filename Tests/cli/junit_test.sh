#!/usr/bin/env bash
# Checks the JUnit report as CI servers read it: it validates against the Jenkins xunit plugin's schema
# (../shared/junit/junit-10.xsd) and junitparser reads the same passes, failures, errors and skips fscript counted,
# for a run with a failure and a skip, and for one whose target is unreachable (every scenario an error).
source "$(dirname "$0")/common.sh"
schema=""
if shared_data junit "junit_test (its schema checks)"; then schema="$shared_dir/junit-10.xsd"; fi
python3 -c 'import junitparser' 2>/dev/null || fatal "junitparser is missing (pip install junitparser)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/mixed.lua" <<'LUA'
scenario("passes", function() end)
scenario("fails", function() error("boom") end)
scenario("skipped by tag", { tags = { "slow" } }, function() end)
LUA
"$bin" "$work/mixed.lua" scripts/examples/hello.lua --tags "not @slow" --report "junit:$work/mixed.xml" \
  --artifacts "$work/art" >/dev/null 2>&1 </dev/null || true
"$bin" --target http://127.0.0.1:1 Tests/cli/fixtures/three_scenarios.lua --report "junit:$work/down.xml" \
  >/dev/null 2>&1 </dev/null || true
for file in mixed down; do
  [ -n "$schema" ] || break
  xmllint --noout --schema "$schema" "$work/$file.xml" 2>"$work/$file.err" ||
    fatal "$file.xml does not validate: $(cat "$work/$file.err")"
done
python3 - "$work/mixed.xml" "$work/down.xml" <<'PY' || fatal "junitparser read other counts than expected"
import sys
from junitparser import JUnitXml, Failure, Error, Skipped
def counts(path):
    passed = failed = errors = skipped = 0
    for suite in JUnitXml.fromfile(path):
        for case in suite:
            kinds = {type(r) for r in case.result}
            if Failure in kinds: failed += 1
            elif Error in kinds: errors += 1
            elif Skipped in kinds: skipped += 1
            else: passed += 1
    return passed, failed, errors, skipped
mixed, down = counts(sys.argv[1]), counts(sys.argv[2])
print("mixed", mixed, "down", down)
sys.exit(0 if mixed == (2, 1, 0, 0) and down == (0, 0, 3, 0) else 1)
PY
echo "junit_test: ok"
