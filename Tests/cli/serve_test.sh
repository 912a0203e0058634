#!/usr/bin/env bash
# Checks `fscript serve`: it prints the URL it listens on, listens on loopback only unless --host says otherwise,
# answers Frankly requests, stops app code stuck in a Lua pattern at the app's time limit, and stops with exit 0
# and a last line on Ctrl-C. (How fast it starts is measured by
# scripts/bench, not asserted here.)
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]+"${pids[@]}"}"; do { kill -9 "$pid" && wait "$pid"; } 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# Starts `fscript serve ARGS…` writing to $work/NAME.out, waits (10 s at most) for the URL it prints and sets
# $served to it (not printed: a command substitution would run it in a subshell this shell cannot wait for).
serve() {
  local name="$1" deadline url=""
  shift
  "$bin" serve "$@" >"$work/$name.out" 2>"$work/$name.err" &
  pids+=($!)
  deadline=$((SECONDS + 10))
  while [ -z "$url" ]; do
    url="$(grep -o 'http://[0-9.]*:[0-9]*' "$work/$name.out" 2>/dev/null || true)"
    kill -0 "${pids[-1]}" 2>/dev/null || [ -n "$url" ] || fatal "fscript serve $* exited: $(cat "$work/$name.err")"
    [ "$SECONDS" -lt "$deadline" ] || fatal "fscript serve $* printed no URL within 10 s"
    [ -n "$url" ] || sleep 0.01
  done
  served="$url"
}

# The listening addresses of TCP port $1, as dotted quads, read from /proc/net/tcp (state 0A is LISTEN).
listening_on() {
  local hex
  hex="$(printf '%04X' "$1")"
  awk -v port="$hex" '$4 == "0A" { split($2, a, ":"); if (a[2] == port) print a[1] }' /proc/net/tcp |
    while read -r addr; do
      printf '%d.%d.%d.%d\n' "0x${addr:6:2}" "0x${addr:4:2}" "0x${addr:2:2}" "0x${addr:0:2}"
    done
}

serve default --port 0
default_pid="${pids[-1]}"
url="$served"
port="${url##*:}"
[ "$url" = "http://127.0.0.1:$port" ] || fatal "expected a loopback URL, got $url"
[ "$(listening_on "$port")" = "127.0.0.1" ] || fatal "port $port listens on '$(listening_on "$port")', not 127.0.0.1 only"
grep -qx "fscript serve: listening on $url" "$work/default.out" || fatal "unexpected first line: $(cat "$work/default.out")"

# It is a Frankly server: /version answers, and /map finds the demo's login button with Frank's own request.
command -v curl >/dev/null || fatal "curl not found; scripts/install installs it"
version="$(curl -sf "$url/version")" || fatal "GET /version failed"
case "$version" in *'"version"'*) ;; *) fatal "GET /version answered '$version'" ;; esac
query='{"query":"button marked:'"'"'Log In'"'"'","selector_engine":"shelley_compat",'
query+='"operation":{"method_name":"accessibilityLabel","arguments":[]}}'
answer="$(curl -sf -X POST -H 'Content-Type: application/x-www-form-urlencoded' --data "$query" "$url/map")"
case "$answer" in *'"SUCCESS"'*'"Log In"'*|*'"Log In"'*'"SUCCESS"'*) ;; *) fatal "POST /map answered '$answer'" ;; esac

# App code that runs a Lua pattern backtracking for minutes (one C call, no hook inside) is stopped at the app's
# time limit as an endless loop is: the touch answers ERROR naming the limit, and the server answers at once after.
cat >"$work/backtracking.lua" <<'LUA'
return { time_limit = 0.5, screens = { main = screen{
  button{ title = "Match", on_touch = function() return ("a"):rep(30000):find(".-.-.-.-.-b") end },
} } }
LUA
serve backtracking "$work/backtracking.lua" --port 0
touch='{"query":"button marked:'"'"'Match'"'"'","selector_engine":"shelley_compat",'
touch+='"operation":{"method_name":"touch","arguments":[]}}'
answer="$(curl -s --max-time 30 -X POST -H 'Content-Type: application/x-www-form-urlencoded' --data "$touch" \
  "$served/map")" || fatal "POST /map with a backtracking pattern got no answer within 30 s"
case "$answer" in *'"outcome":"ERROR"'*) ;; *) fatal "the backtracking touch answered '$answer'" ;; esac
case "$answer" in *'backtracking.lua:2: app code ran longer than 0.5 s'*) ;; *) fatal "no time limit in '$answer'" ;; esac
curl -sf --max-time 5 "$served/version" >/dev/null || fatal "GET /version failed after the backtracking pattern"

# --host picks another address: 127.0.0.2 is loopback too, so the test never listens beyond this machine.
serve other --host 127.0.0.2 --port 0
other_pid="${pids[-1]}"
other="$served"
other_port="${other##*:}"
[ "$other" = "http://127.0.0.2:$other_port" ] || fatal "expected http://127.0.0.2:PORT with --host, got $other"
[ "$(listening_on "$other_port")" = "127.0.0.2" ] || fatal "--host 127.0.0.2 listens on '$(listening_on "$other_port")'"

# Ctrl-C stops each server cleanly: exit 0 and a last line on stderr.
for pid in "$default_pid" "$other_pid"; do
  kill -INT "$pid"
  status=0
  wait "$pid" || status=$?
  [ "$status" -eq 0 ] || fatal "fscript serve exited $status on Ctrl-C"
done
grep -qx "fscript serve: stopped" "$work/default.err" || fatal "no 'stopped' line: $(cat "$work/default.err")"

# A port in use is a clear usage error (exit 2) naming the port, not a crash.
serve blocker --port 0
blocker="$served"
status=0
"$bin" serve --port "${blocker##*:}" >/dev/null 2>"$work/busy.err" || status=$?
[ "$status" -eq 2 ] || fatal "serving on a port in use exited $status, expected 2"
grep -q "${blocker##*:}" "$work/busy.err" || fatal "the error does not name the port: $(cat "$work/busy.err")"

# SIGTERM while app code is stuck in a backtracking pattern stops the server at once, not at the app's time limit.
cat >"$work/stuck.lua" <<'LUA'
return { time_limit = 300, screens = { main = screen{
  button{ title = "Match", on_touch = function() return ("a"):rep(30000):find(".-.-.-.-.-b") end },
} } }
LUA
serve stuck "$work/stuck.lua" --port 0
stuck_pid="${pids[-1]}"
curl -s --max-time 60 -X POST -H 'Content-Type: application/x-www-form-urlencoded' --data "$touch" "$served/map" \
  >/dev/null 2>&1 &
pids+=($!)
# The touch is running once /version stops answering: the app's one thread is inside the pattern.
deadline=$((SECONDS + 20))
while curl -sf --max-time 1 "$served/version" >/dev/null; do
  [ "$SECONDS" -lt "$deadline" ] || fatal "the stuck touch never kept the app busy"
  sleep 0.05
done
kill -TERM "$stuck_pid"
# 30 s is far beyond the grace period on a loaded machine, and a tenth of the app's own limit.
deadline=$((SECONDS + 30))
while kill -0 "$stuck_pid" 2>/dev/null && ! grep -q "stopped" "$work/stuck.err"; do
  [ "$SECONDS" -lt "$deadline" ] || fatal "SIGTERM left fscript serve stuck in app code for 30 s (its limit is 300 s)"
  sleep 0.05
done

echo "serve_test: ok"
