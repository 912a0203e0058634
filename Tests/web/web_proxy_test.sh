#!/usr/bin/env bash
# `fscript --web DIR --web-proxy` on real headless Chromium: a page served on 127.0.0.1 fetches
# https://api.example.test, https://cdn.example.test and http://plain.example.test (names that resolve nowhere),
# and each scenario's mock answers them through the run's browser proxy. Two scenarios with different stubs each
# see their own (the route follows the scenario's mock), the catalog's backend steps too (with --jobs 2); a
# scenario without a mock gets the proxy's 502; a request no stub answers is the mock's 404, listed with its whole
# URL in the failure; Ctrl-C with a proxied request in flight ends the run (exit 130) and leaves no proxy, CA file,
# browser or profile behind; `--web-proxy` with a remote WebDriver server is refused (exit 2).
source "$(dirname "$0")/../cli/common.sh"
need_chromium "the web proxy checks"
site=Tests/web/fixtures/proxy

# 1. Two scenarios, each with its own stubs for the three origins, then one with no mock at all.
cat >"$work/switch.lua" <<'LUA'
-- Stubs for the page's three origins, each body tagged with the scenario's name.
local function answers(tag)
  local server = mock.start{}
  server:stub{method = "GET", path = "/items", host = "api.example.test", respond = {body = "items-" .. tag}}
  server:stub{method = "GET", path = "/config", host = "cdn.example.test", respond = {body = "config-" .. tag}}
  server:stub{method = "GET", path = "/hello", host = "plain.example.test", respond = {body = "hello-" .. tag}}
  return server
end
local function sees(tag, server)
  app:wait_for("label marked:'api 200 items-" .. tag .. "'", {timeout = 20})
  app:wait_for("label marked:'cdn 200 config-" .. tag .. "'")
  app:wait_for("label marked:'plain 200 hello-" .. tag .. "'")
  -- The page loaded once, also in the first scenario, where the browser starts (see WebTargetHost.start).
  local api = server:requests{host = "api.example.test"}
  assert(#api == 1, ("%d requests for api.example.test in this scenario's mock, expected 1"):format(#api))
  assert(api[1].headers.host == "api.example.test", "the api request's Host: " .. tostring(api[1].headers.host))
  assert(#server:requests{host = "plain.example.test"} >= 1, "no plain http request journalled")
  -- Nothing but the page's three origins reached the mock (not Chromium's own services).
  local total = #server:requests{}
  local page = #api + #server:requests{host = "cdn.example.test"} + #server:requests{host = "plain.example.test"}
  assert(total == page, ("%d of the mock's %d requests were not the page's"):format(total - page, total))
  assert(server.ca_file and io.open(server.ca_file), "the mock names no CA file")
  print("SAW " .. tag)
end
scenario("the first scenario's stubs answer", function() sees("one", answers("one")) end)
scenario("the second scenario's stubs answer", function() sees("two", answers("two")) end)
scenario("without a mock the proxy answers 502", function()
  app:wait_for("label marked:'api 502'", {timeout = 20})
  app:wait_for("label marked:'plain 502'")
  print("SAW 502")
end)
LUA
"$bin" --web "$site" --web-proxy --artifacts "$work/artifacts" "$work/switch.lua" >"$work/switch.out" 2>&1 ||
  { cat "$work/switch.out"; fatal "the proxied scenarios failed"; }
grep -q '^3 passed, 0 failed$' "$work/switch.out" || fatal "expected 3 passed: $(cat "$work/switch.out")"
for tag in one two 502; do
  grep -Eq "^ *SAW $tag\$" "$work/switch.out" ||
    fatal "scenario $tag did not see its answers: $(cat "$work/switch.out")"
done

# 1b. The catalog's backend steps, two workers: "the app uses a mock backend" starts a browser-proxying mock, whose
# stub without a host answers the path on any origin; each worker has a proxy of its own.
mkdir -p "$work/features"
for n in 1 2; do
  cat >"$work/features/catalog$n.feature" <<FEATURE
Feature: The catalog's steps through the web proxy ($n)
  Scenario: A stub without a host answers https://api.example.test/items ($n)
    Given the app uses a mock backend
    And the backend answers GET /items with status 200 and JSON '"catalog $n"'
    Then I should see "api 200 \"catalog $n\""
    And the app sent GET /items
FEATURE
done
"$bin" --web "$site" --web-proxy --jobs 2 --artifacts "$work/artifacts" "$work/features" >"$work/catalog.out" 2>&1 ||
  { cat "$work/catalog.out"; fatal "the catalog's steps through the web proxy failed"; }
grep -q '^2 passed, 0 failed$' "$work/catalog.out" || fatal "expected 2 passed: $(cat "$work/catalog.out")"
grep -q ' w2$' "$work/catalog.out" || fatal "--jobs 2 ran everything on one worker: $(cat "$work/catalog.out")"

# 2. A request no stub answers: the scenario fails, and the failure lists the mock's 404 with its whole URL and
# the nearest stub.
cat >"$work/miss.lua" <<'LUA'
scenario("the cdn has no stub", function()
  local server = mock.start{}
  server:stub{method = "GET", path = "/items", host = "api.example.test", respond = {body = "items"}}
  app:wait_for("label marked:'cdn 404'", {timeout = 20})
  app:wait_for("label marked:'cdn 200 config'", {timeout = 1})
end)
LUA
status=0
"$bin" --web "$site" --web-proxy --artifacts "$work/artifacts" "$work/miss.lua" >"$work/miss.out" 2>&1 || status=$?
[ "$status" -eq 1 ] || fatal "a missing stub: expected exit 1, got $status: $(cat "$work/miss.out")"
grep -Eq 'the mocks answered 404 to [0-9]+ requests' "$work/miss.out" ||
  fatal "the failure does not list the mock's 404s: $(cat "$work/miss.out")"
miss='GET https://cdn\.example\.test/config on http://127\.0\.0\.1:[0-9]+: nearest stub GET /items'
grep -Eq "$miss" "$work/miss.out" ||
  fatal "the cdn request's 404 is not shown with its URL and nearest stub: $(cat "$work/miss.out")"

# 3. Ctrl-C while the page's request waits on a slow stub behind the proxy: exit 130, and nothing left behind.
cat >"$work/hang.lua" <<'LUA'
scenario("a proxied request in flight", function()
  local server = mock.start{}
  server:stub{method = "GET", path = "/items", host = "api.example.test", respond = {body = "late", delay = 60}}
  app:wait_for("label marked:'plain 404'", {timeout = 20})
  server:wait_for_request{host = "api.example.test"}
  io.stderr:write("READY\n")
  app:wait_for("label marked:'api 200 late'", {timeout = 60})
end)
LUA
"$bin" --web "$site" --web-proxy --artifacts "$work/artifacts" "$work/hang.lua" >"$work/hang.out" 2>&1 &
run=$!
deadline=$((SECONDS + 40))
until grep -q '^READY' "$work/hang.out" 2>/dev/null; do
  kill -0 "$run" 2>/dev/null || fatal "the run ended before its request was in flight: $(cat "$work/hang.out")"
  [ "$SECONDS" -lt "$deadline" ] || fatal "the proxied request was not in flight within 40 s: $(cat "$work/hang.out")"
  sleep 0.05
done
proxy="$(pgrep -af -- "--user-data-dir=$TMPDIR" | grep -o -- '--proxy-server=http://127\.0\.0\.1:[0-9]*' | head -n 1)"
proxy="${proxy#--proxy-server=}"
[ -n "$proxy" ] ||
  fatal "Chromium was not started with the web proxy: $(pgrep -af -- "--user-data-dir=$TMPDIR" | head -n 3)"
ls "$TMPDIR"/fscript-web-proxy-*-ca.pem >/dev/null 2>&1 || fatal "no web proxy CA file in $TMPDIR: $(ls "$TMPDIR")"
# The proxy takes a browser's requests only: one in origin form is refused.
code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$proxy/")"
[ "$code" = 400 ] || fatal "the web proxy answered an origin-form request with $code, expected 400"
start=$(now_ms)
kill -INT "$run"
# The wait ends at once (the scenario fails 'interrupted'); then reports, then the browser and the proxy go.
until grep -q ': interrupted$' "$work/hang.out"; do
  [ $(($(now_ms) - start)) -lt 5000 ] || fatal "Ctrl-C did not stop the wait within 5 s: $(cat "$work/hang.out")"
  sleep 0.005
done
stopped=$(($(now_ms) - start))
status=0
wait "$run" || status=$?
took=$(($(now_ms) - start))
[ "$status" -eq 130 ] || fatal "Ctrl-C: expected exit 130, got $status: $(cat "$work/hang.out")"
# Measured at 60 ms here; the bound leaves room for a loaded CI machine.
[ "$stopped" -le 1000 ] || fatal "Ctrl-C took $stopped ms to stop the wait, expected at most 1000"
echo "Ctrl-C with a proxied request in flight: the wait stopped after ${stopped} ms, exit 130 after ${took} ms"
code=0
curl -s -o /dev/null --max-time 5 "$proxy/" || code=$?
[ "$code" -eq 7 ] || fatal "the web proxy $proxy still answers after the run (curl exit $code, 7 is refused)"
deadline=$((SECONDS + 5))
until [ "$(browsers)" -eq 0 ]; do
  [ "$SECONDS" -lt "$deadline" ] || fatal "Ctrl-C left $(browsers) Chromium processes"
  sleep 0.1
done
[ -z "$(ls -A "$TMPDIR")" ] || fatal "Ctrl-C left files behind: $(ls "$TMPDIR")"

# 4. A remote WebDriver server's browser cannot reach fscript's 127.0.0.1: refused where it is asked for.
status=0
"$bin" --target webdriver:http://127.0.0.1:9 --web-proxy -e 'x = 1' >"$work/remote.out" 2>&1 || status=$?
[ "$status" -eq 2 ] || fatal "--web-proxy with webdriver: expected exit 2, got $status: $(cat "$work/remote.out")"
grep -q 'give its browser a proxy in --capabilities' "$work/remote.out" || fatal "no advice: $(cat "$work/remote.out")"
echo "web proxy: ok"
