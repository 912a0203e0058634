#!/usr/bin/env bash
# matchesJsonSchema held against the reference implementation, Python's `jsonschema` (4.x, scripts/install
# --test-deps): every schema of Tests/cli/fixtures/json_schema/corpus.json becomes a stub of one mock for each
# draft it is listed under (as WireMock's schemaVersion, V4 to V202012), every instance is sent as a body, and the
# mock's 200 or 404 must be jsonschema's valid or invalid (Draft4Validator … Draft202012Validator, formats not
# asserted; a scalar that fails is tried again as its text, as WireMock 3 does). Draft 4 is left out for schemas
# with boolean subschemas, which it does not have. The official JSON-Schema-Test-Suite is not vendored here
# (no network); this corpus covers each keyword the mock evaluates.
source "$(dirname "$0")/common.sh"

python3 -c 'import jsonschema' 2>/dev/null || fatal "python3's jsonschema is missing (scripts/install --test-deps)"
work="$(mktemp -d)"
trap 'cleanup_servers; rm -rf "$work"' EXIT
mkdir -p "$work/root/mappings"
python3 - Tests/cli/fixtures/json_schema/corpus.json "$work/root/mappings/schemas.json" <<'PY'
import json, sys
corpus = json.load(open(sys.argv[1]))
versions = {"4": "V4", "6": "V6", "7": "V7", "2019-09": "V201909", "2020-12": "V202012"}
mappings = [{"request": {"method": "POST", "url": f"/schema/{index}/{draft}",
                         "bodyPatterns": [{"matchesJsonSchema": group["schema"], "schemaVersion": versions[draft]}]},
             "response": {"status": 200}}
            for index, group in enumerate(corpus) for draft in group["drafts"]]
json.dump({"mappings": mappings}, open(sys.argv[2], "w"))
PY
start_server mock mock --port 0 --mappings "$work/root"
python3 - Tests/cli/fixtures/json_schema/corpus.json "$url" <<'PY'
import json, sys, urllib.request, urllib.error
from jsonschema import (Draft4Validator, Draft6Validator, Draft7Validator, Draft201909Validator,
                        Draft202012Validator)
corpus, base = json.load(open(sys.argv[1])), sys.argv[2]
validators = {"4": Draft4Validator, "6": Draft6Validator, "7": Draft7Validator, "2019-09": Draft201909Validator,
              "2020-12": Draft202012Validator}
cases, differences = 0, []
for index, group in enumerate(corpus):
    for draft in group["drafts"]:
        validator = validators[draft](group["schema"])
        for instance in group["instances"]:
            # WireMock 3 (MatchesJsonSchemaPattern) tries a number, boolean or null that fails once more as the
            # string it was written as; the mock does the same, so the reference does too.
            expected = validator.is_valid(instance) or (
                not isinstance(instance, (str, list, dict)) and validator.is_valid(json.dumps(instance)))
            request = urllib.request.Request(f"{base}/schema/{index}/{draft}", method="POST",
                                             data=json.dumps(instance).encode())
            try:
                with urllib.request.urlopen(request) as answer:
                    status = answer.status
            except urllib.error.HTTPError as error:
                status = error.code
            if status not in (200, 404):
                sys.exit(f"** ERROR: schema {index} draft {draft}: the mock answered {status}")
            cases += 1
            if (status == 200) != expected:
                differences.append(f"schema {index} (draft {draft}) {json.dumps(group['schema'])} on "
                                   f"{json.dumps(instance)}: jsonschema says {'valid' if expected else 'invalid'}")
if differences:
    sys.exit("** ERROR: the mock and jsonschema disagree on %d of %d cases:\n  %s"
             % (len(differences), cases, "\n  ".join(differences)))
if cases < 150:
    sys.exit(f"** ERROR: only {cases} cases ran")
print(f"json_schema_diff: the mock and jsonschema agree on all {cases} cases")
PY
