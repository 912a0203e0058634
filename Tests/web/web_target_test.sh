#!/usr/bin/env bash
# The web target end to end, on real headless Chromium through chromedriver (Debian's chromium and
# chromium-driver, installed by scripts/install --test-deps): the page script's own checks, the example app's
# suite serially and with --jobs 2 (traces on, a baseline), fixture pages for what the example does not show
# (cells, shadow roots, iframes, idle, covered views, keys), Ctrl-C, and a browser that dies mid-run.
source "$(dirname "$0")/../cli/common.sh"
need_chromium "the web target checks"
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
drivers() { pgrep -f -- "chromedriver --port=0" | while read -r pid; do
  grep -qz "TMPDIR=$TMPDIR" "/proc/$pid/environ" 2>/dev/null && echo "$pid"; done | wc -l; }

# 1. The page script alone, through Selenium's Python bindings.
/usr/bin/python3 Tests/web/page_script_test.py >"$work/page.out" 2>&1 || { cat "$work/page.out"; fatal "page_script_test.py failed"; }
tail -n 1 "$work/page.out"

# 2. The example app's suite: serially with every trace kept, then with two browsers at once.
cp -R scripts/web/groceries "$work/groceries"
(cd "$work/groceries" && "$bin" features --trace on --report junit:"$work/serial.xml") >"$work/serial.out" 2>&1 ||
  { cat "$work/serial.out"; fatal "the groceries suite failed serially"; }
grep -q '^6 passed, 0 failed$' "$work/serial.out" || fatal "expected 6 passed serially: $(tail -n 3 "$work/serial.out")"
traces=$(find "$work/groceries/fscript-artifacts" -name trace.html | wc -l)
[ "$traces" -eq 6 ] || fatal "expected a trace per scenario with --trace on, found $traces"
grep -q 'Milk' "$(find "$work/groceries/fscript-artifacts" -name trace.html | head -n 1)" ||
  fatal "a trace does not show the page's views"
(cd "$work/groceries" && "$bin" features --jobs 2 --report junit:"$work/jobs.xml") >"$work/jobs.out" 2>&1 ||
  { cat "$work/jobs.out"; fatal "the groceries suite failed with --jobs 2"; }
grep -q '^6 passed, 0 failed$' "$work/jobs.out" || fatal "expected 6 passed with --jobs 2: $(tail -n 3 "$work/jobs.out")"
grep -q ' w2$' "$work/jobs.out" || fatal "--jobs 2 ran everything on one worker: $(cat "$work/jobs.out")"

# 3. A screenshot baseline of the page: written once, then matched.
mkdir -p "$work/groceries/features/baseline"
cat >"$work/groceries/features/baseline/look.feature" <<'FEATURE'
Feature: The list's look
  Scenario: The empty list looks as it did
    Given the app uses a mock backend
    And the backend answers GET /api/items with status 200 and JSON '[]'
    Then I should see "0 items left"
    And the screen should match the baseline "empty list"
FEATURE
(cd "$work/groceries" && "$bin" features/baseline --update-snapshots) >"$work/base1.out" 2>&1 ||
  { cat "$work/base1.out"; fatal "writing the baseline failed"; }
baseline="$(find "$work/groceries/features/baseline" -name '*.png' | head -n 1)"
[ -n "$baseline" ] || fatal "no baseline PNG was written: $(cat "$work/base1.out")"
(cd "$work/groceries" && "$bin" features/baseline) >"$work/base2.out" 2>&1 ||
  { cat "$work/base2.out"; fatal "the page did not match its own baseline"; }

# 4. Fixture pages: cells, shadow roots, iframes, typing, idle with a slow fetch and an animation, covered views,
# keys, open, app_exec.
(cd Tests/web/fixtures/suite && "$bin" . --artifacts "$work/fixture-artifacts") >"$work/fixtures.out" 2>&1 ||
  { cat "$work/fixtures.out"; fatal "the fixture suite failed"; }
grep -q '^11 passed, 0 failed$' "$work/fixtures.out" || fatal "expected 11 fixture scenarios: $(tail -n 3 "$work/fixtures.out")"

# 5. Ctrl-C mid-scenario: exit 130, the report written, Chromium and chromedriver gone, with one browser and with
# --jobs 2 (a browser in each worker: a worker's browser once ran in the worker's own process group, and the
# parent's kill past the grace left its profile folder behind in 7 runs of 10).
cat >"$work/hang.lua" <<'LUA'
scenario("waits for a view that never comes", function()
  app:wait_for("button marked:'Add'")
  io.stderr:write("READY\n")
  app:wait_for("view marked:'never there'", {timeout = 60})
end)
LUA
cp "$work/hang.lua" "$work/hang_too.lua"
# Runs fscript with ARGS… (NAME names its output), waits for READY lines (one per browser), sends Ctrl-C, and
# expects exit 130 with no Chromium, chromedriver or file of theirs left.
interrupt_when_ready() {
  local name="$1" ready="$2" run status deadline
  shift 2
  "$bin" --web scripts/web/groceries "$@" >"$work/$name.out" 2>&1 &
  run=$!
  deadline=$((SECONDS + 60))
  until [ "$(grep -c '^READY' "$work/$name.out" 2>/dev/null)" -ge "$ready" ]; do
    [ "$SECONDS" -lt "$deadline" ] || fatal "$name: the browsers did not start within 60 s: $(cat "$work/$name.out")"
    sleep 0.1
  done
  kill -INT "$run"
  status=0
  wait "$run" || status=$?
  [ "$status" -eq 130 ] || fatal "$name: Ctrl-C gave exit $status, expected 130: $(cat "$work/$name.out")"
  deadline=$((SECONDS + 5))
  until [ "$(browsers)" -eq 0 ] && [ "$(drivers)" -eq 0 ] && [ -z "$(ls -A "$TMPDIR")" ]; do
    [ "$SECONDS" -lt "$deadline" ] ||
      fatal "$name: Ctrl-C left $(browsers) Chromium, $(drivers) chromedriver and these files: $(ls "$TMPDIR")"
    sleep 0.1
  done
}
interrupt_when_ready hang 1 "$work/hang.lua" --report junit:"$work/interrupted.xml"
[ -s "$work/interrupted.xml" ] || fatal "Ctrl-C: the JUnit report was not written"
interrupt_when_ready hang2 2 "$work/hang.lua" "$work/hang_too.lua" --jobs 2 --report junit:"$work/interrupted2.xml"
[ -s "$work/interrupted2.xml" ] || fatal "Ctrl-C with --jobs 2: the JUnit report was not written"

# 6. The browser dies in the first scenario: that scenario fails saying so, the next gets a new browser.
cat >"$work/crash.lua" <<LUA
scenario("the browser dies", function()
  app:wait_for("button marked:'Add'")
  -- Killed, then gone: polled for at most 5 s.
  os.execute("pkill -9 -f -- '--user-data-dir=$TMPDIR'; for _ in \$(seq 100); do " ..
    "pgrep -f -- '--user-data-dir=$TMPDIR' >/dev/null || exit 0; sleep 0.05; done")
  app:touch("button marked:'Add'")
end)
scenario("the next scenario has a new browser", function()
  app:wait_for("button marked:'Add'", {timeout = 10})
end)
LUA
status=0
"$bin" --web scripts/web/groceries "$work/crash.lua" >"$work/crash.out" 2>&1 || status=$?
[ "$status" -eq 1 ] || fatal "a dead browser: expected exit 1 (one scenario failed), got $status: $(cat "$work/crash.out")"
grep -q '^1 passed, 1 failed$' "$work/crash.out" || fatal "expected the second scenario to pass: $(cat "$work/crash.out")"
grep -Eq 'web target lost|chrome not reachable|disconnected|invalid session id' "$work/crash.out" ||
  fatal "the failed scenario does not say the browser is gone: $(cat "$work/crash.out")"
# 7. --target webdriver:URL: a WebDriver server fscript did not start (chromedriver here, a Grid or Appium
# elsewhere), with the capabilities file passed through as it is.
chromedriver --port=0 >"$work/driver.out" 2>&1 &
pids+=("$!")
deadline=$((SECONDS + 20))
until grep -q 'successfully on port' "$work/driver.out"; do
  [ "$SECONDS" -lt "$deadline" ] || fatal "chromedriver did not start: $(cat "$work/driver.out")"
  sleep 0.05
done
driver="http://127.0.0.1:$(grep -o 'successfully on port [0-9]*' "$work/driver.out" | grep -o '[0-9]*$')"
cat >"$work/caps.json" <<JSON
{"browserName": "chrome", "unhandledPromptBehavior": "ignore",
 "goog:chromeOptions": {"args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
   "--user-data-dir=$TMPDIR/remote-profile", "--window-size=1000,700"]}}
JSON
(cd Tests/web/fixtures/suite && "$bin" fixtures.feature --target "webdriver:$driver" --capabilities "$work/caps.json" \
  --artifacts "$work/remote-artifacts") >"$work/remote.out" 2>&1 || { cat "$work/remote.out"; fatal "--target webdriver: failed"; }
grep -q '^5 passed, 0 failed$' "$work/remote.out" || fatal "expected 5 passed over --target webdriver: $(tail -n 3 "$work/remote.out")"
grep -q "webdriver:$driver (WebDriver)" "$work/remote.out" || fatal "the run does not say what it drove: $(head -n 2 "$work/remote.out")"
kill -0 "${pids[-1]}" || fatal "fscript ended a chromedriver it did not start"
status=0
"$bin" --target "webdriver:$driver" --capabilities "$work/missing.json" -e 'app:dump()' >"$work/nocaps.out" 2>&1 || status=$?
[ "$status" -eq 2 ] || fatal "a missing capabilities file: expected exit 2, got $status: $(cat "$work/nocaps.out")"
grep -q "missing.json" "$work/nocaps.out" || fatal "a missing capabilities file is not named: $(cat "$work/nocaps.out")"
# 8. Wiring mistakes said where they are made: a web_backend that is no origin stops the run (exit 2); a mock
# backend on a page with no web_backend gets a note saying how the page's calls reach it.
status=0
"$bin" --web scripts/web/groceries --web-backend api.groceries.example -e 'x = 1' >"$work/origin.out" 2>&1 || status=$?
[ "$status" -eq 2 ] || fatal "a web_backend without a scheme: expected exit 2, got $status"
grep -q "must be an origin such as https://api.example.com" "$work/origin.out" || fatal "no origin error: $(cat "$work/origin.out")"
cat >"$work/nobackend.feature" <<'FEATURE'
Feature: A mock the page does not know of
  Scenario: No web_backend
    Given the app uses a mock backend
FEATURE
"$bin" --web scripts/web/groceries "$work/nobackend.feature" >"$work/nobackend.out" 2>&1 || fatal "$(cat "$work/nobackend.out")"
grep -q "only reached by the page's requests to web_backend" "$work/nobackend.out" ||
  fatal "no note about web_backend: $(cat "$work/nobackend.out")"
# 9. A start page nothing answers (a port just freed): the target did not launch, said with the page and
# Chromium's reason (exit 2), not Chromium's error page taken for the app and failing every step on it.
port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
status=0
"$bin" --web "http://127.0.0.1:$port/" -e 'print(app:dump().title)' >"$work/noload.out" 2>&1 || status=$?
[ "$status" -eq 2 ] || fatal "a page that does not load, -e: expected exit 2, got $status: $(cat "$work/noload.out")"
grep -q "the web target did not launch: the page http://127.0.0.1:$port/ did not load (net::ERR_CONNECTION_REFUSED)" \
  "$work/noload.out" || fatal "a page that does not load, -e: not said: $(cat "$work/noload.out")"
cat >"$work/noload.feature" <<'FEATURE'
Feature: A page that does not load
  Scenario: First
    When I touch "OK"
  Scenario: Second
    When I touch "OK"
FEATURE
status=0
"$bin" --web "http://127.0.0.1:$port/" "$work/noload.feature" >"$work/noload2.out" 2>&1 || status=$?
[ "$status" -eq 2 ] || fatal "a page that does not load: expected exit 2, got $status: $(cat "$work/noload2.out")"
grep -q "did not load (net::ERR_CONNECTION_REFUSED)" "$work/noload2.out" || fatal "not said: $(cat "$work/noload2.out")"
grep -q "not run: the web target did not launch" "$work/noload2.out" ||
  fatal "the second scenario tried the page again: $(cat "$work/noload2.out")"
! grep -Eq "no view matches|the target showed|refused to connect" "$work/noload2.out" ||
  fatal "Chromium's error page was taken for the app: $(cat "$work/noload2.out")"
# 10. Sizes are the page's viewport (window.innerWidth × innerHeight), not the window around it: the run's
# 1280×800, a phone's 390×844 and 844×390 after set_orientation (the window's bars took 143 px of each), and the
# run's size again after a fresh launch.
"$bin" --web scripts/web/groceries -e 'local function size() local d = app:dump()
  return ("%dx%d"):format(d.frame.size.width, d.frame.size.height) end
  print(size()); app:set_orientation("portrait"); print(size()); app:set_orientation("landscape_left")
  print(size()); frank.launch(); print(size())' >"$work/sizes.out" 2>&1 || fatal "sizes: $(cat "$work/sizes.out")"
[ "$(tr '\n' ' ' <"$work/sizes.out")" = "1280x800 390x844 844x390 1280x800 " ] ||
  fatal "expected viewports 1280x800 390x844 844x390 1280x800, got: $(cat "$work/sizes.out")"
echo "web target: ok"
