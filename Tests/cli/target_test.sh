#!/usr/bin/env bash
# Checks --target against `fscript serve` on a free port, and that an unreachable target exits 2 naming it.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Serve the demo app on a free port and wait for the printed URL (a condition with a deadline, no fixed sleep).
"$bin" serve --port 0 >"$work/serve.out" 2>"$work/serve.err" &
server_pid=$!
url=""
deadline=$((SECONDS + 10))
while [ -z "$url" ]; do
  url="$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$work/serve.out" || true)"
  kill -0 "$server_pid" 2>/dev/null || fatal "fscript serve exited: $(cat "$work/serve.err")"
  [ "$SECONDS" -lt "$deadline" ] || fatal "fscript serve printed no URL within 10 s"
  [ -n "$url" ] || sleep 0.01
done

cat >"$work/remote.lua" <<'LUA'
assert(app:lookup("button marked:'Log In'"):exists(), "the served demo app shows its login screen")
-- fscript serve has the lifecycle extension: a remote launch works, and the app starts fresh.
app:type_into("textField placeholder:'User name'", "alice")
assert(frank.launch{ env = { GREETING = "hi" } } == app)
assert(app:map("textField placeholder:'User name'", "text")[1] ~= "alice", "the relaunched app kept the text")
print("remote ok " .. app.url)
LUA
out="$("$bin" --target "$url" "$work/remote.lua")" || fatal "the script failed against $url"
grep -qxF "    remote ok $url" <<<"$out" || fatal "unexpected output: $out"
out="$(FSCRIPT_TARGET="$url" "$bin" "$work/remote.lua")" || fatal "the script failed with FSCRIPT_TARGET=$url"
grep -qxF "    remote ok $url" <<<"$out" || fatal "unexpected output with FSCRIPT_TARGET: $out"

# FSCRIPT_TARGET sits below the flags: --app runs the embedded simulator with it set, serially and in the workers
# of --jobs 2 (which inherit it); it was refused as '--app … cannot be combined with --target'. And it names the
# target on the run's first line (it said 'the embedded simulator running the demo app').
shows() { printf 'scenario("shows %s", function() assert(app:lookup("button marked:%s"):exists()) end)\n' "$1" "'$1'"; }
shows Transfer >"$work/bank_test.lua"
shows "Log In" >"$work/demo_test.lua"
for jobs in 1 2; do
  out="$(FSCRIPT_TARGET="$url" "$bin" --app Tests/cli/fixtures/bank/apps/bank.lua "$work/bank_test.lua" --jobs "$jobs" \
    --artifacts "$work/artifacts" 2>&1)" || fatal "--app with FSCRIPT_TARGET set (--jobs $jobs): $out"
done
out="$(FSCRIPT_TARGET="$url" "$bin" "$work/demo_test.lua" --artifacts "$work/artifacts" 2>&1)" ||
  fatal "FSCRIPT_TARGET run failed: $out"
[ "$(head -n 1 <<<"$out")" = "Target: $url" ] || fatal "the first line does not name FSCRIPT_TARGET: $(head -n 1 <<<"$out")"

# An unreachable target: exit 2, and the message names it, before the script even opens.
status=0
"$bin" --target http://127.0.0.1:1 x.lua 2>"$work/err" || status=$?
[ "$status" -eq 2 ] || fatal "expected exit 2 for an unreachable target, got $status"
expected="fscript: cannot reach target http://127.0.0.1:1 (connection refused); is the app running? (--target, FSCRIPT_TARGET)"
[ "$(head -n 1 "$work/err")" = "$expected" ] || fatal "unexpected message: $(cat "$work/err")"

# Ctrl-C stops the server cleanly with exit 0.
kill -INT "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
[ "$status" -eq 0 ] || fatal "fscript serve exited $status on SIGINT"
echo "target_test: ok"
