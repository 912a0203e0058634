#!/usr/bin/env bash
# One launch per scenario, however a suite wires the app to its mock (issue 37): a step that starts a mock, stubs,
# then `frank.launch{env = …}`; the same in a Before hook; and `backend.use(mock.start{mappings = …})` with the
# mapping folder beside the step file and no launch at all; and a screen rendered directly, also as the run's very
# first launch. The bank app asks for its balance the moment it launches, so a second launch shows as a second
# request. Each way runs 20 times (an outline) and must pass 20 of 20, serially and with --jobs 2, on the embedded
# simulator, against `fscript serve` (POST /launch) and through a --launch command, run from a folder where the
# mapping path means nothing.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
cleanup() { cleanup_servers; rm -rf "$work"; }
trap cleanup EXIT
root="$PWD"
app="$root/Tests/cli/fixtures/bank/apps/bank.lua"
features="$root/Tests/cli/fixtures/double_launch/features"

# Runs fscript with ARGS… from $work, expecting 20 of 20 passes for each of the three ways.
expect_each_way_20_of_20() {
  local name="$1" status=0
  shift
  (cd "$work" && "$fscript" "$@" "$features" --artifacts "$work/artifacts" --report "json:$work/$name.json") \
    >"$work/$name.log" 2>&1 </dev/null || status=$?
  [ "$status" -eq 0 ] || fatal "$name: exit $status: $(grep -B2 -A8 '✘' "$work/$name.log" | head -n 40)"
  python3 - "$work/$name.json" "$name" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))
cases = [c for f in run["files"] for c in f["cases"]]
for way in ("a step starts a mock", "a Before hook starts a mock", "a mock from mapping files"):
    mine = [c for c in cases if c["name"].startswith(way)]
    passed = [c for c in mine if c["status"] == "passed"]
    if len(mine) != 20 or len(passed) != 20:
        sys.exit(f"** ERROR: {sys.argv[2]}: '{way}' passed {len(passed)} of {len(mine)} (20 expected)")
PY
}

fscript="$bin"
case "$bin" in /*) ;; *) fscript="$root/$bin" ;; esac

# A render is the scenario's launch too, also the run's very first one (the simulator not started yet: it was
# started, then relaunched on the screen, and the app asked twice).
status=0
(cd "$work" && "$fscript" --app "$app" "$features/render/first.feature" --trace off --artifacts "$work/artifacts") \
  >"$work/render.log" 2>&1 </dev/null || status=$?
[ "$status" -eq 0 ] || fatal "render: exit $status: $(grep -A8 '✘' "$work/render.log" | head -n 30)"
grep -q '^2 passed, 0 failed' "$work/render.log" || fatal "render: $(tail -n 5 "$work/render.log")"

expect_each_way_20_of_20 serial --app "$app"
expect_each_way_20_of_20 jobs --app "$app" --jobs 2

start_server serve serve "$app" --port 0
served="$url"
expect_each_way_20_of_20 serve --target "$served"

cat >"$work/launch.sh" <<SH
#!/bin/sh
body='{}'
[ -n "\${BACKEND_URL:-}" ] && body="{\"env\": {\"BACKEND_URL\": \"\$BACKEND_URL\"}}"
curl -sf -X POST -d "\$body" "$served/launch" >/dev/null
SH
chmod +x "$work/launch.sh"
expect_each_way_20_of_20 launch --target "$served" --launch "$work/launch.sh"
echo "double launch: each of 3 ways 20 of 20, serially and with --jobs 2, on 3 kinds of target"
