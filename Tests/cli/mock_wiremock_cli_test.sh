#!/usr/bin/env bash
# `fscript mock` started with WireMock's own command line (Tests/wiremock/differential.py compares the same
# admin answers with the real jar): `--root-dir DIR --global-response-templating --no-request-journal --verbose`
# serves DIR/mappings with bodies from DIR/__files, templated; the journal keeps nothing and its admin routes
# answer as WireMock's disabled journal does; --verbose says each exchange on stderr; a stub's webhook reaches a
# second mock, templated from the request; Jetty's knobs are accepted with a note, and a flag whose meaning the
# mock lacks is refused by name with exit 2.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'cleanup_servers; rm -rf "$work"' EXIT
mkdir -p "$work/root/mappings" "$work/root/__files"

# The webhook's receiver: a second mock that answers the callback.
start_server receiver mock --port 0
receiver="$url"
curl -sS -o /dev/null -d '{"request": {"method": "POST", "urlPathPattern": "/callbacks/.*"}, "response": {"status": 204}}' \
  "$receiver/__admin/mappings"

cat >"$work/root/mappings/orders.json" <<JSON
{"request": {"method": "POST", "urlPath": "/orders"},
 "response": {"status": 201, "bodyFileName": "created.json", "headers": {"Content-Type": "application/json"}},
 "serveEventListeners": [{"name": "webhook", "parameters": {
   "method": "POST", "url": "$receiver/callbacks/{{jsonPath originalRequest.body '\$.id'}}",
   "body": "{\"paid\": {{jsonPath originalRequest.body '\$.id'}}}",
   "delay": {"type": "uniform", "lower": 50, "upper": 150}}}]}
JSON
printf '{"id": {{jsonPath request.body '"'"'$.id'"'"'}}, "state": "created"}' >"$work/root/__files/created.json"
printf 'plain file\n' >"$work/root/__files/readme.txt"

start_server mock mock --port 0 --root-dir "$work/root" --global-response-templating --no-request-journal --verbose \
  --disable-banner --container-threads 4 --async-response-enabled true
mock="$url"

# The mapping's body file, templated without a transformer (--global-response-templating).
answer="$(curl -sS -w ' %{http_code}' -d '{"id": 42}' "$mock/orders")"
[ "$answer" = '{"id": 42, "state": "created"} 201' ] || fatal "POST /orders answered: $answer"
# __files served as they are, as WireMock serves them.
[ "$(curl -sS "$mock/readme.txt")" = "plain file" ] || fatal "GET /readme.txt did not serve __files/readme.txt"

# The journal is disabled: WireMock's answers (checked against the jar by differential.py --no-journal).
count="$(curl -sS -d '{"method": "POST", "url": "/orders"}' "$mock/__admin/requests/count")"
[ "$count" = '{"count":-1,"requestJournalDisabled":true}' ] || fatal "count answered $count"
find="$(curl -sS -d '{"method": "POST"}' "$mock/__admin/requests/find")"
[ "$find" = '{"requestJournalDisabled":true,"requests":[]}' ] || fatal "find answered $find"
status="$(curl -sS -o "$work/listing" -w '%{http_code}' "$mock/__admin/requests")"
[ "$status" = 500 ] && grep -q "The request journal is disabled" "$work/listing" \
  || fatal "GET /__admin/requests answered $status: $(cat "$work/listing")"

# The webhook reached the receiver, templated: a condition with a budget of tries, not a fixed wait.
for _ in $(seq 200); do
  found="$(curl -sS -d '{"method": "POST", "urlPath": "/callbacks/42"}' "$receiver/__admin/requests/count")"
  [ "$found" = '{"count":1,"requestJournalDisabled":false}' ] && break
  sleep 0.05
done
[ "$found" = '{"count":1,"requestJournalDisabled":false}' ] || fatal "the receiver counted $found webhooks"
body="$(curl -sS -d '{"urlPath": "/callbacks/42"}' "$receiver/__admin/requests/find")"
case "$body" in *'"body":"{\"paid\": 42}"'*) ;; *) fatal "the webhook's request: $body" ;; esac

# Standard error: the note for the no-op flags, each exchange in a line, and the webhook's outcome.
for _ in $(seq 100); do grep -q "returned status 204" "$work/mock.err" && break; sleep 0.05; done
grep -q "^fscript mock: --disable-banner, --async-response-enabled, --container-threads: accepted as WireMock's" \
  "$work/mock.err" || fatal "no note for the no-op flags: $(cat "$work/mock.err")"
grep -qx 'POST /orders -> 201 (30 bytes)' "$work/mock.err" || fatal "no verbose line: $(cat "$work/mock.err")"
grep -qx "Webhook POST request to $receiver/callbacks/42 returned status 204" "$work/mock.err" \
  || fatal "no webhook line: $(cat "$work/mock.err")"

# A WireMock flag whose meaning the mock lacks is refused by name, exit 2.
set +e
"$bin" mock --port 0 --extensions com.example.Transformer >"$work/refused.out" 2>"$work/refused.err"
code=$?
set -e
[ "$code" = 2 ] || fatal "--extensions exited $code"
grep -q "^Error: --extensions is WireMock's, and fscript mock does not have its meaning: the mock runs no Java" \
  "$work/refused.err" || fatal "--extensions said: $(cat "$work/refused.err")"
echo "mock_wiremock_cli_test: ok"
