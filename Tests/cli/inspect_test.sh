#!/usr/bin/env bash
# fscript inspect: the page in headless Chromium against `fscript serve` (Tests/browser/inspect_browser.py: no
# console errors, a click selects the Log In button and suggests a selector the target's /map finds once, a
# malformed selector shows its column, touches through the page move the app and the picture follows by itself,
# a recording of log in, open an item and back), whose saved script then passes with `fscript`; a recording
# against a proxied local backend (--record-backend) whose saved script passes with the backend stopped; the
# inspector refuses another site's Origin.
source "$(dirname "$0")/common.sh"
[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] ||
  fatal "chromium and chromium-driver are missing (scripts/install --test-deps)"
/usr/bin/python3 -c 'import selenium' 2>/dev/null || fatal "python3-selenium is missing (scripts/install --test-deps)"
work="$(mktemp -d)"
trap 'cleanup_servers; rm -rf "$work"' EXIT

# --- the page, in a real browser, against fscript serve -----------------------------------------------------
start_server serve serve --port 0
target="$url"
start_server inspect inspect --target "$target" --port 0 --record "$work/recorded.lua"
inspector="$(grep -o 'http://[0-9.]*:[0-9]*/' "$work/inspect.out" | head -n 1)"
/usr/bin/python3 Tests/browser/inspect_browser.py "$inspector" "$target" "$work/recorded.lua" \
  "${INSPECTOR_SCREENSHOT:-$work/inspector.png}" || fatal "the browser checks failed"
grep -q "When 'I touch the button marked \"Log In\"'" "$work/recorded.lua" || fatal "the recording has no Log In: $(cat "$work/recorded.lua")"
grep -q "^scenario('recorded with fscript inspect', function()$" "$work/recorded.lua" ||
  fatal "the recording is not a scenario (a run would not give it a fresh app): $(cat "$work/recorded.lua")"
"$bin" "$work/recorded.lua" >"$work/replay.log" 2>&1 </dev/null || fatal "the recorded script fails: $(cat "$work/replay.log")"

# Another site's page may not drive the app through the inspector.
status="$(curl -s -o /dev/null -w '%{http_code}' -H 'Origin: http://evil.example' -H 'Content-Type: application/json' \
  -d '{"action":"back"}' "${inspector}api/act")"
[ "$status" = 403 ] || fatal "a request from another site's page got $status, expected 403"

# --- recording the backend: a proxied local backend, replayed without it -------------------------------------
mkdir -p "$work/backend/mappings"
cat >"$work/backend/mappings/api.json" <<'JSON'
{"mappings": [
  {"request": {"method": "POST", "url": "/api/login"}, "response": {"status": 200, "jsonBody": {"name": "Robin"}}},
  {"request": {"method": "GET", "url": "/api/items"},
   "response": {"status": 200, "jsonBody": {"items": [{"name": "Recorded pears", "detail": "2 kg"}]}}}]}
JSON
start_server backend mock --port 0 --mappings "$work/backend"
backend_pid="$server"
backend="$url"
start_server inspect-backend inspect --port 0 --record "$work/with_backend.lua" --record-backend "$backend"
inspector="$(grep -o 'http://[0-9.]*:[0-9]*/' "$work/inspect-backend.out" | head -n 1)"
/usr/bin/python3 - "$inspector" <<'PY' || fatal "the recording against the proxied backend"
import json, sys, time, urllib.request
base = sys.argv[1]
def call(path, body=None):
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(base + path, data=data), timeout=15) as r:
        return json.load(r)
def uid(label, kinds=("UITextField", "UIButton", "UILabel")):
    stack = [call("api/state")["tree"]]
    while stack:
        node = stack.pop()
        if label in (node.get("accessibilityLabel"), node.get("placeholder")) and node["class"] in kinds:
            return node["uid"]
        stack.extend(node.get("subviews", []))
    sys.exit(f"no {label!r} on the screen")
call("api/record", {"on": True})
call("api/act", {"uid": uid("User name"), "action": "type", "text": "robin"})
call("api/act", {"uid": uid("Password"), "action": "type", "text": "anything"})
call("api/act", {"uid": uid("Log In", ("UIButton",)), "action": "touch"})
deadline = time.monotonic() + 30
while time.monotonic() < deadline:
    try:
        call("api/act", {"uid": uid("Recorded pears", ("UILabel",)), "action": "see"})
        break
    except SystemExit:
        time.sleep(0.05)
else:
    sys.exit("the items from the backend never showed")
call("api/act", {"uid": uid("Welcome, Robin", ("UILabel",)), "action": "see"})
call("api/save", {})
PY
ls "$work/with_backend.mappings/mappings/"*.json >/dev/null 2>&1 || fatal "no mappings were recorded beside the script"
grep -q 'mock.start{ mappings = ' "$work/with_backend.lua" || fatal "the script does not start the recorded mock: $(cat "$work/with_backend.lua")"
{ kill -9 "$backend_pid"; wait "$backend_pid"; } 2>/dev/null || true
"$bin" "$work/with_backend.lua" >"$work/replay-backend.log" 2>&1 </dev/null ||
  fatal "the script recorded with the backend fails without it: $(cat "$work/with_backend.lua") $(cat "$work/replay-backend.log")"
grep -q 'I should see "Recorded pears"' "$work/replay-backend.log" || fatal "the replay did not check the recorded items"
echo "inspect_test: passed"
