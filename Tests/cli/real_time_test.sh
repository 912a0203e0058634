#!/usr/bin/env bash
# Checks that waits, requests and loops stop when told to, and that a target that goes away fails the run fast:
# Ctrl-C into a 60 s wait, a request to a SIGSTOPped target, a mock wait, an os.execute'd command, a looping
# xpcall handler, a Lua pattern and a step regex that backtrack for minutes exit 130 (the pattern under SIGTERM too)
# with a valid JUnit file; a 1 s scenario limit fails each of them at 1 s, the next scenario runs and the JUnit
# report is written; the second Ctrl-C ends a run stuck in one blocking C call at once; kill -9 of
# the target ends the run with exit 2; a target frozen from the start fails every scenario without running it.
# Wall-clock bounds are ten times what each takes on an idle machine (so a busy one passes) and well below the
# 60 s a blocked wait would last; the precise times are read from the output. An unreachable target still gets a
# report with every scenario as an error; every scenario starts from a fresh app (embedded and `fscript serve`),
# unless it says reset = false; the README's example passes against `fscript serve` and through --launch.
source "$(dirname "$0")/common.sh"
command -v xmllint >/dev/null || fatal "xmllint is missing (apt-get install libxml2-utils)"
# Valid means valid for the Jenkins xunit plugin's schema, which CI servers read JUnit files with.
schema=""
if shared_data junit "real_time_test (its JUnit schema checks)"; then schema="$shared_dir/junit-10.xsd"; fi
valid_junit() { [ -z "$schema" ] || xmllint --noout --schema "$schema" "$1" 2>/dev/null; }

work="$(mktemp -d)"
cleanup() {
  cleanup_servers
  [ -f "$work/launched.pid" ] && { kill -9 "$(cat "$work/launched.pid")" 2>/dev/null || true; }
  rm -rf "$work"
}
trap cleanup EXIT

# Starts `fscript serve --port 0 ARGS…` and sets $served to its URL and $server to its pid.
serve() {
  local name="$1"
  shift
  start_server "$name" serve --port 0 "$@"
  served="$url"
}

# Waits (10 s at most) until file $1 contains $2.
await_text() {
  local deadline=$((SECONDS + 10))
  until grep -q "$2" "$1" 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || fatal "no '$2' in $1 within 10 s: $(cat "$1")"
    sleep 0.01
  done
}

# Runs fixture blocked.lua blocked in way $1 (wait, request, mock, xpcall, …), sends SIGINT (or signal $2) once it
# blocks, and checks exit 130 within 10 s of the signal (about 0.1 s when idle; the block lasts 60 s) and a valid
# JUnit file.
interrupt_case() {
  local how="$1" signal="${2:-INT}" target_args=() started status=0 elapsed
  if [ "$how" = request ]; then serve "stopped-$how"; target_args=(--target "$served"); fi
  FSCRIPT_BLOCK="$how" "$bin" "${target_args[@]+"${target_args[@]}"}" Tests/cli/fixtures/blocked.lua \
    --report "junit:$work/$how.xml" >"$work/$how.out" 2>&1 </dev/null &
  local run=$!
  await_text "$work/$how.out" blocking
  if [ "$how" = request ]; then kill -STOP "$server"; sleep 0.2; fi
  [ "$how" = xpcall ] && sleep 0.2
  started=$(now_ms)
  kill -"$signal" "$run"
  wait "$run" || status=$?
  elapsed=$(($(now_ms) - started))
  [ "$how" = request ] && kill -CONT "$server"
  [ "$status" -eq 130 ] || fatal "$how: SIG$signal gave exit $status, expected 130: $(cat "$work/$how.out")"
  [ "$elapsed" -le 10000 ] || fatal "$how: the run took $elapsed ms after SIG$signal, expected at most 10000"
  valid_junit "$work/$how.xml" || fatal "$how: the JUnit file does not validate against junit-10.xsd"
  grep -q 'interrupted' "$work/$how.xml" || fatal "$how: the JUnit file does not say interrupted"
}

# Runs fixture blocked.lua blocked in way $1 under a 1 s scenario limit: it fails at about 1 s, the next runs.
limit_case() {
  local how="$1" target_args=() started status=0 elapsed
  if [ "$how" = request ]; then serve "limit-$how"; target_args=(--target "$served"); fi
  started=$(now_ms)
  if [ "$how" = request ]; then
    FSCRIPT_BLOCK=request FSCRIPT_LIMIT=1 "$bin" --target "$served" --request-timeout 2 Tests/cli/fixtures/blocked.lua \
      >"$work/limit-$how.out" 2>&1 </dev/null &
    local run=$!
    await_text "$work/limit-$how.out" blocking
    kill -STOP "$server"
    wait "$run" || status=$?
    kill -CONT "$server"
  else
    FSCRIPT_BLOCK="$how" FSCRIPT_LIMIT=1 "$bin" Tests/cli/fixtures/blocked.lua --report "junit:$work/limit-$how.xml" \
      >"$work/limit-$how.out" 2>&1 </dev/null || status=$?
  fi
  elapsed=$(($(now_ms) - started))
  # A stopped target: the scenario fails at its limit; the next one's fresh launch (at its first use of the app)
  # then waits out one request limit (2 s here), finds the target down and fails as an error (exit 2): 1 + 2 + 2 s
  # and the artifacts' 2 s at most.
  if [ "$how" = request ]; then
    [ "$status" -eq 2 ] || fatal "request limit: exit $status, expected 2: $(cat "$work/limit-$how.out")"
    grep -q 'scenario failed  (1.0' "$work/limit-$how.out" || fatal "request limit: the scenario did not fail at 1 s"
    [ "$elapsed" -le 20000 ] || fatal "request limit: the run took $elapsed ms, expected at most 20000"
  else
    [ "$status" -eq 1 ] || fatal "$how limit: exit $status, expected 1: $(cat "$work/limit-$how.out")"
    grep -q 'next ran' "$work/limit-$how.out" || fatal "$how limit: the next scenario did not run"
    [ "$elapsed" -le 15000 ] || fatal "$how limit: the run took $elapsed ms, expected about 1 s (the block lasts 60)"
    valid_junit "$work/limit-$how.xml" || fatal "$how limit: the JUnit file does not validate against junit-10.xsd"
    grep -q 'timed out after 1 s' "$work/limit-$how.xml" || fatal "$how limit: the JUnit file does not say timed out"
  fi
  grep -q 'test timed out after 1 s' "$work/limit-$how.out" || fatal "$how limit: no time-out: $(cat "$work/limit-$how.out")"
}

for how in wait request mock execute xpcall pattern step-regex; do
  interrupt_case "$how"
  limit_case "$how"
done
interrupt_case pattern TERM
# In a worker (--jobs), whose Lua state is its own, a backtracking pattern fails its scenario at the 1 s limit as
# well, and the other scenario passes.
status=0
FSCRIPT_BLOCK=pattern FSCRIPT_LIMIT=1 "$bin" --jobs 2 Tests/cli/fixtures/blocked.lua >"$work/jobs.out" 2>&1 \
  </dev/null || status=$?
[ "$status" -eq 1 ] || fatal "pattern in a worker: exit $status, expected 1: $(cat "$work/jobs.out")"
grep -q 'test timed out after 1 s' "$work/jobs.out" || fatal "pattern in a worker: no time-out: $(cat "$work/jobs.out")"
grep -q '1 passed, 1 failed' "$work/jobs.out" || fatal "pattern in a worker: expected 1 passed, 1 failed"

# A scenario stuck in one long C call cannot see the first Ctrl-C; the second ends fscript at once (exit 130).
mkfifo "$work/fifo"
FSCRIPT_BLOCK=stuck FSCRIPT_FIFO="$work/fifo" "$bin" Tests/cli/fixtures/blocked.lua >"$work/stuck.out" 2>&1 </dev/null &
run=$!
await_text "$work/stuck.out" blocking
kill -INT "$run"
deadline=$((SECONDS + 10))
while kill -0 "$run" 2>/dev/null && [ "$SECONDS" -lt "$deadline" ]; do kill -INT "$run"; sleep 0.2; done
status=0
wait "$run" || status=$?
[ "$status" -eq 130 ] || fatal "a second Ctrl-C gave exit $status, expected 130 at once: $(cat "$work/stuck.out")"
# The command os.execute ran was stopped with the scenario, not left behind.
if pgrep -f "sleep 61" >/dev/null; then fatal "os.execute's command still runs after the run ended: $(pgrep -af 'sleep 61')"; fi

# kill -9 of the target during a run of three scenarios: exit 2 naming the URL and the step, within 10 s (not the
# first scenario's 60 s wait).
serve killed
status=0
"$bin" --target "$served" Tests/cli/fixtures/three_scenarios.lua --report "junit:$work/killed.xml" \
  >"$work/killed.out" 2>&1 </dev/null &
run=$!
await_text "$work/killed.out" started
started=$(now_ms)
kill -9 "$server"
wait "$run" || status=$?
elapsed=$(($(now_ms) - started))
[ "$status" -eq 2 ] || fatal "killed target: exit $status, expected 2: $(cat "$work/killed.out")"
[ "$elapsed" -le 10000 ] || fatal "killed target: the run ended $elapsed ms after the kill, expected within 10000"
grep -q "$served" "$work/killed.out" || fatal "killed target: the message does not name $served"
grep -q 'three_scenarios.lua:7' "$work/killed.out" || fatal "killed target: the message does not name the line"
valid_junit "$work/killed.xml" || fatal "killed target: the JUnit file does not validate against junit-10.xsd"
[ "$(grep -c '<error ' "$work/killed.xml")" -eq 3 ] || fatal "killed target: expected 3 errors in the JUnit file"

# A SIGSTOPped target from the start (the ping) with a 2 s request limit: the ping fails once and no scenario
# waits on the target (each fails in under a second), so the run ends soon after the ping's 5 s.
serve frozen
kill -STOP "$server"
status=0
started=$(now_ms)
"$bin" --target "$served" --request-timeout 2 Tests/cli/fixtures/three_scenarios.lua >"$work/frozen.out" 2>&1 \
  </dev/null || status=$?
elapsed=$(($(now_ms) - started))
kill -CONT "$server"
[ "$status" -eq 2 ] || fatal "frozen target: exit $status, expected 2: $(cat "$work/frozen.out")"
! grep -Eq 'scenario failed  \([1-9][0-9]*\.' "$work/frozen.out" ||
  fatal "frozen target: a scenario waited on the target: $(cat "$work/frozen.out")"
[ "$elapsed" -le 30000 ] || fatal "frozen target: the run took $elapsed ms, expected the ping's 5 s and little more"

# An unreachable target: every scenario is an error in the JUnit file.
status=0
"$bin" --target http://127.0.0.1:1 Tests/cli/fixtures/three_scenarios.lua --report "junit:$work/down.xml" \
  >"$work/down.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 2 ] || fatal "unreachable target: exit $status, expected 2"
valid_junit "$work/down.xml" || fatal "unreachable target: the JUnit file does not validate against junit-10.xsd"
[ "$(grep -c '<error .*connection refused' "$work/down.xml")" -eq 3 ] ||
  fatal "unreachable target: expected 3 errors naming the cause: $(cat "$work/down.xml")"

# Isolation: embedded, and through --target of `fscript serve`.
"$bin" Tests/cli/fixtures/isolation.lua >"$work/iso.out" 2>&1 </dev/null || fatal "isolation (embedded): $(cat "$work/iso.out")"
serve isolated
"$bin" --target "$served" Tests/cli/fixtures/isolation.lua >"$work/iso2.out" 2>&1 </dev/null ||
  fatal "isolation (fscript serve): $(cat "$work/iso2.out")"
# Without resets the second scenario sees the first one's alert, so the check can fail.
if "$bin" --no-reset Tests/cli/fixtures/isolation.lua >"$work/iso3.out" 2>&1 </dev/null; then
  fatal "isolation: with --no-reset the second scenario should have seen the first one's alert"
fi

# The README's example against `fscript serve`, and through a launch command that starts one (a stand-in for a
# device launcher; it stops the previous instance first, as such a command would, waiting at most 10 s for it to
# end: a zombie counts as ended, its port is free, though kill -0 still answers for it until init reaps it).
"$bin" --target "$served" scripts/examples/login_flow.lua >"$work/flow.out" 2>&1 </dev/null ||
  fatal "login_flow.lua against fscript serve: $(cat "$work/flow.out")"
port=$(( (RANDOM % 20000) + 10000 ))
abs_bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
launch="p=$work/launched.pid; if [ -f \$p ]; then old=\$(cat \$p); kill \$old
for _ in \$(seq 500); do grep -qs '^State:[[:space:]]*[^Z]' /proc/\$old/status || break; sleep 0.02; done; fi
$abs_bin serve --port $port --no-extensions --env BACKEND_URL=\$BACKEND_URL >/dev/null 2>&1 & echo \$! > \$p"
"$bin" --target "http://127.0.0.1:$port" --launch "$launch" scripts/examples/login_flow.lua >"$work/launch.out" 2>&1 \
  </dev/null || fatal "login_flow.lua through --launch: $(cat "$work/launch.out")"

# A launch command that fails is an infrastructure error: it runs once, every scenario is an error, exit 2.
status=0
"$bin" --target http://127.0.0.1:1 --launch "echo launch-attempt >&2; exit 3" Tests/cli/fixtures/three_scenarios.lua \
  >"$work/badlaunch.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 2 ] || fatal "failing --launch: exit $status, expected 2: $(cat "$work/badlaunch.out")"
[ "$(grep -cx launch-attempt "$work/badlaunch.out")" -eq 1 ] || fatal "failing --launch ran more than once"
grep -q "exited with status 3; the app was not launched" "$work/badlaunch.out" || fatal "failing --launch not explained"
# Nor is it retried under --retry: a target that is down is no test failure to try again.
status=0
"$bin" --retry 2 --target http://127.0.0.1:1 --launch "echo launch-attempt >&2; exit 3" \
  Tests/cli/fixtures/three_scenarios.lua >"$work/badlaunch-retry.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 2 ] || fatal "failing --launch with --retry: exit $status, expected 2: $(cat "$work/badlaunch-retry.out")"
! grep -q "runs it again" "$work/badlaunch-retry.out" ||
  fatal "a scenario whose target is down was retried: $(cat "$work/badlaunch-retry.out")"

# Ctrl-C while a launch command hangs: exit 130 at once, and the command's process group is killed.
"$bin" --target http://127.0.0.1:1 --launch "echo \$\$ > $work/hang.pid; exec sleep 30" \
  Tests/cli/fixtures/three_scenarios.lua >"$work/hang.out" 2>&1 </dev/null &
run=$!
for _ in $(seq 1000); do [ -s "$work/hang.pid" ] && break; sleep 0.01; done
[ -s "$work/hang.pid" ] || fatal "the hanging launch command never started"
started=$(now_ms)
kill -INT "$run"
status=0
wait "$run" || status=$?
elapsed=$(($(now_ms) - started))
[ "$status" -eq 130 ] || fatal "Ctrl-C during --launch: exit $status, expected 130: $(cat "$work/hang.out")"
[ "$elapsed" -le 10000 ] || fatal "Ctrl-C during --launch took $elapsed ms (the command sleeps 30 s)"
! kill -0 "$(cat "$work/hang.pid")" 2>/dev/null || fatal "the launch command is still running after Ctrl-C"
echo "real_time_test: ok"
