#!/usr/bin/env bash
# The app sees its stubs, on every kind of target and in every run mode: a bank app that calls its backend for
# two things the moment it launches, and a .feature that says "the app uses a mock backend", stubs both, then
# checks what the app shows, 20 times (an outline), relaunches with "I launch the app" and checks again. It
# passes 20 of 20 serially and with --jobs 2 on the embedded simulator, against `fscript serve`, and through a
# --launch command; stubbing before any backend starts one; a scenario without one sees the built-in data. Plain
# scripts (no scenario) in a folder run each get a fresh app and their own mocks: the second does not inherit the
# first's backend, screen or running mock.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
cleanup() { cleanup_servers; rm -rf "$work"; }
trap cleanup EXIT
fixture=Tests/cli/fixtures/bank
app="$fixture/apps/bank.lua"

# Runs fscript with ARGS…, expecting every one of the 22 scenarios to pass.
expect_all_pass() {
  local name="$1" status=0
  shift
  "$bin" "$@" --artifacts "$work/artifacts" --report "json:$work/$name.json" >"$work/$name.log" 2>&1 </dev/null ||
    status=$?
  [ "$status" -eq 0 ] || fatal "$name: exit $status: $(tail -n 40 "$work/$name.log")"
  python3 - "$work/$name.json" "$name" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
cases = [c for f in run["files"] for c in f["cases"]]
passed = [c for c in cases if c["status"] == "passed"]
rows = [c for c in passed if c["name"].startswith("the app shows what its backend answered at launch")]
if len(cases) != 22 or len(passed) != 22 or len(rows) != 20:
    sys.exit(f"** ERROR: {sys.argv[2]}: {len(passed)} of {len(cases)} passed, {len(rows)} of 20 launch rows")
PY
}

expect_all_pass serial --app "$app" "$fixture/features"
expect_all_pass jobs --app "$app" "$fixture/features" --jobs 2

# fscript serve: the runner's reset and the backend's launch go through POST /launch.
start_server serve serve "$app" --port 0
served="$url"
expect_all_pass serve --target "$served" "$fixture/features"

# A real app's way: a --launch command that relaunches it with the launch environment it is given.
cat >"$work/launch.sh" <<SH
#!/bin/sh
body='{}'
[ -n "\${BACKEND_URL:-}" ] && body="{\"env\": {\"BACKEND_URL\": \"\$BACKEND_URL\"}}"
curl -sf -X POST -d "\$body" "$served/launch" >/dev/null
SH
chmod +x "$work/launch.sh"
expect_all_pass launch --target "$served" --launch "$work/launch.sh" "$fixture/features"

# Plain scripts are isolated like scenarios, serially and in workers.
for mode in serial jobs; do
  extra=()
  [ "$mode" = jobs ] && extra=(--jobs 2)
  status=0
  "$bin" --app "$app" "$fixture/scripts" --artifacts "$work/artifacts" "${extra[@]}" >"$work/scripts-$mode.log" 2>&1 \
    </dev/null || status=$?
  [ "$status" -eq 0 ] || fatal "plain scripts ($mode): exit $status: $(tail -n 30 "$work/scripts-$mode.log")"
done
echo "app lifecycle: stubs in place at launch on 4 kinds of run, plain scripts isolated"
