#!/usr/bin/env bash
# The mock's admin API driven by WireMock's own Python client (PyPI `wiremock`, installed by scripts/install
# --test-deps): it creates, reads, edits and removes stubs, the stubs answer, it reads the request journal, counts
# and finds requests, sees the unmatched ones, finds and removes stubs by metadata, saves stubs to the mappings
# folder, lists near misses, resets scenarios, mappings and the journal, asks for health, renders a templated stub,
# and finally shuts the mock down over the API.
source "$(dirname "$0")/common.sh"

python3 -c 'import wiremock' 2>/dev/null || fatal "the wiremock client is missing (scripts/install --test-deps)"
work="$(mktemp -d)"
trap 'cleanup_servers; rm -rf "$work"' EXIT
mkdir -p "$work/root/mappings"
cat >"$work/root/mappings/files.json" <<'JSON'
{"request": {"method": "GET", "urlPath": "/from-file"}, "response": {"status": 200, "body": "file"}}
JSON
start_server mock mock --port 0 --mappings "$work/root"
python3 - "$url" "$work/root" <<'PY'
import sys, urllib.request, urllib.error
from wiremock.constants import Config
from wiremock.client import (Mappings, Mapping, MappingRequest, MappingResponse, Requests, Scenarios,
                             HttpMethods, NearMissMatchPatternRequest)
base = sys.argv[1]
Config.base_url = base + "/__admin"

def get(path, method="GET"):
    try:
        with urllib.request.urlopen(urllib.request.Request(base + path, method=method)) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()

def fail(msg): sys.exit("** ERROR: " + msg)

# Create through the client; it answers.
created = Mappings.create_mapping(Mapping(
    priority=1,
    request=MappingRequest(method=HttpMethods.GET, url_path="/hello"),
    response=MappingResponse(status=200, body="hi"),
))
if not created.id: fail("the created mapping has no id")
if get("/hello") != (200, "hi"): fail(f"the created stub answers {get('/hello')}")

# List and fetch.
all_mappings = Mappings.retrieve_all_mappings()
urls = sorted((m.request.url_path or "") for m in all_mappings.mappings)
if urls != ["/from-file", "/hello"]: fail(f"mappings listed: {urls}")
if all_mappings.meta.total != 2: fail(f"meta.total {all_mappings.meta.total}")
fetched = Mappings.retrieve_mapping(created.id)
if fetched.response.body != "hi": fail(f"fetched {fetched.response.body}")

# Edit, then remove.
created.response = MappingResponse(status=201, body="hello again")
Mappings.update_mapping(created)
if get("/hello") != (201, "hello again"): fail(f"after the edit: {get('/hello')}")
Mappings.delete_mapping(created.id)
if get("/hello")[0] != 404: fail("the removed stub still answers")

# The journal: list, count and find by pattern, unmatched.
get("/from-file"); get("/from-file"); get("/nothing-here")
journal = Requests.get_all_received_requests()
if journal.meta.total < 5: fail(f"journal total {journal.meta.total}")
if journal.requests[0].request.url != "/nothing-here": fail("the newest request is not listed first")
count = Requests.get_matching_request_count(NearMissMatchPatternRequest(url="/from-file", method="GET"))
if count.count != 2: fail(f"count of GET /from-file: {count.count}")
found = Requests.get_matching_requests(NearMissMatchPatternRequest(url="/from-file", method="GET"))
if len(found.requests) != 2 or found.requests[0].url != "/from-file": fail(f"find: {found.requests}")
unmatched = Requests.get_unmatched_requests()
# Newest first, as WireMock 2.35.1 lists them.
if [r.url for r in unmatched.requests] != ["/nothing-here", "/hello"]: fail(f"unmatched: {[r.url for r in unmatched.requests]}")
Requests.reset_request_journal()
if Requests.get_all_received_requests().meta.total != 0: fail("the journal was not reset")

# Scenarios: list with their states, set one, reset all.
import json
def send(path, method, body):
    req = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r: return r.status, r.read().decode()
send("/__admin/mappings", "POST", {"scenarioName": "cart", "requiredScenarioState": "Started",
     "newScenarioState": "full", "request": {"method": "POST", "urlPath": "/cart"}, "response": {"status": 201}})
send("/__admin/scenarios/cart/state", "PUT", {"state": "full"})
scenarios = json.loads(get("/__admin/scenarios")[1])["scenarios"]
if [(s["name"], s["state"], s["possibleStates"]) for s in scenarios] != [("cart", "full", ["Started", "full"])]:
    fail(f"scenarios: {scenarios}")
Scenarios.reset_all_scenarios()
if json.loads(get("/__admin/scenarios")[1])["scenarios"][0]["state"] != "Started": fail("the scenario was not reset")
Mappings.delete_all_mappings()
if get("/from-file")[0] != 404: fail("delete_all_mappings left the file stub")
Mappings.reset_mappings()
if get("/from-file") != (200, "file"): fail(f"reset_mappings did not restore the file stubs: {get('/from-file')}")

# Metadata: find and remove stubs by it; save what the API made into the mappings folder, where a reset finds it.
import os
send("/__admin/mappings", "POST", {"metadata": {"team": "checkout"}, "request": {"method": "GET", "urlPath": "/pay"},
                                   "response": {"status": 200, "body": "paid"}})
send("/__admin/mappings", "POST", {"metadata": {"team": "search"}, "request": {"method": "GET", "urlPath": "/find"},
                                   "response": {"status": 200, "body": "found"}})
found = json.loads(send("/__admin/mappings/find-by-metadata", "POST",
                        {"matchesJsonPath": {"expression": "$.team", "equalTo": "checkout"}})[1])
if [m["request"]["urlPath"] for m in found["mappings"]] != ["/pay"]: fail(f"find-by-metadata: {found}")
Mappings.delete_mapping_by_metadata({"matchesJsonPath": {"expression": "$.team", "equalTo": "search"}})
if get("/find")[0] != 404 or get("/pay") != (200, "paid"): fail("remove-by-metadata removed the wrong stubs")
send("/__admin/mappings/save", "POST", {})
saved = [n for n in os.listdir(sys.argv[2] + "/mappings") if n != "files.json"]
if len(saved) != 1: fail(f"save wrote {saved}")
Mappings.reset_mappings()
if get("/pay") != (200, "paid"): fail("the saved stub is not back after a reset")
# As in WireMock, removing every stub removes the saved (persistent) ones' files too: a reset finds none.
Mappings.delete_all_mappings()
if [n for n in os.listdir(sys.argv[2] + "/mappings") if n != "files.json"]: fail("delete_all left the saved file")
Mappings.reset_mappings()
if get("/pay")[0] != 404: fail("a removed saved stub came back after a reset")
send("/__admin/mappings", "POST", {"request": {"method": "GET", "urlPath": "/pay"}, "response": {"status": 200, "body": "paid"}})

# Near misses: for the unmatched requests (WireMock's client), for a request, and for a pattern.
Requests.reset_request_journal()
get("/pey")
misses = Requests.get_unmatched_requests_near_misses()
first = misses.near_misses[0]
if first.request.url != "/pey" or not 0 < first.match_result.distance < 1:
    fail(f"unmatched near misses: {first.request.url}, distance {first.match_result.distance}")
raw = json.loads(get("/__admin/requests/unmatched/near-misses")[1])["nearMisses"][0]
if raw["stubMapping"]["request"]["urlPath"] != "/pay": fail(f"the closest stub: {raw['stubMapping']}")
close = json.loads(send("/__admin/near-misses/request", "POST", {"url": "/pay", "method": "POST"})[1])["nearMisses"][0]
if close["stubMapping"]["request"]["urlPath"] != "/pay" or "method" not in close["explanation"]:
    fail(f"near miss for a request: {close}")
pattern = json.loads(send("/__admin/near-misses/request-pattern", "POST", {"urlPath": "/pay", "method": "GET"})[1])
if pattern["nearMisses"][0]["request"]["url"] != "/pey": fail(f"near miss for a pattern: {pattern}")
status, body = get("/__admin/health")
if status != 200 or "healthy" not in body: fail(f"health: {status} {body}")

# A templated stub made through the client: WireMock's response-template transformer renders the request.
Mappings.create_mapping(Mapping(
    request=MappingRequest(method=HttpMethods.POST, url_path_pattern="/greet/.*"),
    response=MappingResponse(status=200, body="hello {{request.pathSegments.[1]}}, {{jsonPath request.body '$.mood'}}",
                             transformers=["response-template"]),
))
req = urllib.request.Request(base + "/greet/ann", method="POST", data=b'{"mood": "glad"}')
with urllib.request.urlopen(req) as r:
    if r.read().decode() != "hello ann, glad": fail("the templated stub did not render")
status, body = get("/__admin/nope")
if status != 404 or "not part of fscript's admin API" not in body: fail(f"unknown admin path: {status} {body}")
print("wiremock client: mappings, requests, scenarios and resets all answered")
PY

# POST /__admin/shutdown answers, then the mock process ends by itself with status 0.
status="$(curl -s -o /dev/null -w '%{http_code}' -X POST "$url/__admin/shutdown")"
[ "$status" = 200 ] || fatal "shutdown answered $status"
deadline=$((SECONDS + 5))
while kill -0 "$server" 2>/dev/null; do
  [ "$SECONDS" -lt "$deadline" ] || fatal "the mock still runs 5 s after /__admin/shutdown"
  sleep 0.05
done
wait "$server" && code=0 || code=$?
[ "$code" = 0 ] || fatal "the mock exited $code after a shutdown request"
grep -q "shut down over the admin API" "$work/mock.err" || fatal "no shutdown message: $(cat "$work/mock.err")"
echo "mock_admin_test: passed"
