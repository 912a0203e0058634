#!/usr/bin/env bash
# Checks what fscript's servers expose: both `fscript serve` and `fscript mock` refuse a request naming another
# host (DNS rebinding) or coming from another site's page (Origin) while curl and fscript's own client work; a
# program a script starts does not inherit the servers' sockets; binding beyond loopback warns once.
source "$(dirname "$0")/common.sh"
command -v curl >/dev/null || fatal "curl is missing"

work="$(mktemp -d)"
trap 'cleanup_servers; rm -rf "$work"' EXIT

status_of() { curl -s -o /dev/null -w '%{http_code}' -m 5 "$@"; }

start_server serve serve --port 0
serve_url="$url"
start_server mock mock --port 0
mock_url="$url"
for server in "$serve_url/version" "$mock_url/anything"; do
  expected=200
  [ "$server" = "$mock_url/anything" ] && expected=404 # no stub: the mock answers 404, but it answers
  [ "$(status_of "$server")" = "$expected" ] || fatal "plain curl to $server did not get $expected"
  [ "$(status_of -H 'Host: attacker.example' "$server")" = 403 ] || fatal "$server answered Host: attacker.example"
  [ "$(status_of -H 'Origin: http://evil.example' -X POST -H 'Content-Type: text/plain' --data 'x' "$server")" = 403 ] ||
    fatal "$server answered a POST from Origin: http://evil.example"
done
"$bin" --target "$serve_url" -e 'assert(app:version())' || fatal "fscript's own client was refused"
[ "$(status_of -H 'Host: devbox.test' "$serve_url/version")" = 403 ] || fatal "an unlisted name passed"
start_server allowed serve --port 0 --allow-host devbox.test
[ "$(status_of -H 'Host: devbox.test' "$url/version")" = 200 ] || fatal "--allow-host devbox.test did not let it pass"

# A program started by a script must not hold the embedded simulator's or a mock's port after fscript exits.
cat >"$work/spawn.lua" <<'LUA'
local backend = mock.start{}
app:version()
local port = app.url:match(":(%d+)$")
local file = assert(io.open(os.getenv("PORTS_FILE"), "w"))
file:write(port, " ", backend.port, "\n")
file:close()
os.execute("sleep 20 &")
LUA
PORTS_FILE="$work/ports" "$bin" -e "dofile('$work/spawn.lua')" || fatal "the spawning script failed"
read -r app_port mock_port <"$work/ports"
for port in "$app_port" "$mock_port"; do
  hex="$(printf '%04X' "$port")"
  if awk -v port="$hex" '$4 == "0A" { split($2, a, ":"); if (a[2] == port) found = 1 } END { exit !found }' /proc/net/tcp; then
    pkill -f 'sleep 20' || true
    fatal "port $port is still listening after fscript exited: a child inherited it"
  fi
done
pkill -f 'sleep 20' || true

# Binding beyond loopback warns once, saying what is exposed.
start_server exposed mock --port 0 --host 0.0.0.0
grep -q 'warning: the mock listens on 0.0.0.0' "$work/exposed.err" || fatal "no warning for --host 0.0.0.0: $(cat "$work/exposed.err")"
echo "exposure_test: ok"
