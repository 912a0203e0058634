#!/usr/bin/env bash
# `fscript mock --enable-browser-proxying`: one mock serves two domains as a browser's proxy. curl through it
# reaches https://api.example.com/x and https://cdn.example.com/y, each answered by a stub matched on `host`
# (and `scheme`, `port`), the HTTPS intercepted with the mock's CA (curl trusts only that file); a plain
# absolute-form request is matched the same way. A CONNECT target that is not host:port is refused, tunnels are
# bounded (--max-tunnels) and an idle one closes at --idle-timeout; SIGTERM ends it with a tunnel open. What no
# stub answers is the 404 unless --proxy-pass-through true sends it on (to a loopback mock here). Without
# --enable-browser-proxying, the same curl fails.
# Nothing leaves this machine: the names are answered by the mock, never resolved.
source "$(dirname "$0")/common.sh"
[ -x /usr/bin/curl ] || fatal "curl is missing (scripts/install)"
work="$(mktemp -d)"
trap 'cleanup_servers; rm -rf "$work"' EXIT
mkdir -p "$work/stubs/mappings"
cat >"$work/stubs/mappings/api.json" <<'JSON'
{"request": {"method": "GET", "url": "/x", "host": {"equalTo": "api.example.com"}},
 "response": {"status": 200, "body": "api answer"}}
JSON
cat >"$work/stubs/mappings/cdn.json" <<'JSON'
{"request": {"method": "GET", "url": "/y", "host": {"equalTo": "cdn.example.com"}, "scheme": "https", "port": 443},
 "response": {"status": 200, "body": "cdn answer"}}
JSON

start_server proxy mock --port 0 --enable-browser-proxying --https-ca-file "$work/ca.pem" --mappings "$work/stubs" \
  --max-tunnels 2 --idle-timeout 1
through() { curl -sS --max-time 5 --proxy "$url" --cacert "$work/ca.pem" "$@"; }
[ "$(through https://api.example.com/x)" = "api answer" ] || fatal "https://api.example.com/x through the proxy"
[ "$(through https://cdn.example.com/y)" = "cdn answer" ] || fatal "https://cdn.example.com/y through the proxy"
[ "$(through http://api.example.com/x)" = "api answer" ] || fatal "an absolute-form http:// request"
[ "$(through -o /dev/null -w '%{http_code}' https://api.example.com/y)" = 404 ] ||
  fatal "the cdn stub answered api.example.com"
[ "$(through -o /dev/null -w '%{http_code}' http://cdn.example.com/y)" = 404 ] ||
  fatal "the https-only stub answered http://"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$url/x")" = 404 ] || fatal "a stub for api.example.com answered 127.0.0.1"
journal="$(curl -s "$url/__admin/requests")"
grep -q '"absoluteUrl":"https://cdn.example.com/y"' <<<"$journal" ||
  fatal "the journal does not say the request came over https: $(head -c 600 <<<"$journal")"

# Raw CONNECTs: a bad target, and the tunnel limit with the idle limit.
python3 - "${url#http://}" <<'PY' || fatal "the CONNECT checks failed (above)"
import socket, sys, time
host, port = sys.argv[1].split(":")
def connect(target):
    s = socket.create_connection((host, int(port)), timeout=5)
    s.sendall(f"CONNECT {target} HTTP/1.1\r\nHost: api.example.com:443\r\n\r\n".encode())
    return s, s.recv(200).decode(errors="replace")
_, answer = connect("api.example.com")
assert answer.startswith("HTTP/1.1 400") and "CONNECT needs host:port" in answer, answer
_, answer = connect("bad_host!:443")
assert answer.startswith("HTTP/1.1 400") and "CONNECT needs host:port" in answer, answer
_, answer = connect("api.example.com:99999")
assert answer.startswith("HTTP/1.1 400"), answer
first, a1 = connect("api.example.com:443")
second, a2 = connect("cdn.example.com:443")
assert a1.startswith("HTTP/1.1 200") and a2.startswith("HTTP/1.1 200"), (a1, a2)
_, a3 = connect("api.example.com:443")
assert a3.startswith("HTTP/1.1 503") and "more than 2 tunnels" in a3, a3
started = time.monotonic()
first.settimeout(5)
assert first.recv(100) == b"", "an idle tunnel got bytes"
assert time.monotonic() - started < 4, "the idle tunnel stayed open"
second.close()
PY

# SIGTERM with a tunnel open and its TLS session up: the mock exits 0 at once, closing the tunnel.
python3 - "${url#http://}" "$work/ca.pem" >"$work/holder.out" 2>&1 <<'PY' &
import socket, ssl, sys, time
host, port = sys.argv[1].split(":")
s = socket.create_connection((host, int(port)), timeout=10)
s.sendall(b"CONNECT api.example.com:443 HTTP/1.1\r\nHost: api.example.com:443\r\n\r\n")
assert s.recv(200).startswith(b"HTTP/1.1 200")
tls = ssl.create_default_context(cafile=sys.argv[2]).wrap_socket(s, server_hostname="api.example.com")
print("held", flush=True)
print("closed" if tls.recv(100) == b"" else "bytes", flush=True)
PY
holder=$!
deadline=$((SECONDS + 10))
until grep -q held "$work/holder.out"; do
  [ "$SECONDS" -lt "$deadline" ] || fatal "no tunnel held: $(cat "$work/holder.out")"
  sleep 0.01
done
started=$(now_ms)
kill -TERM "$server"
wait "$server" || fatal "SIGTERM with a tunnel open: the mock did not exit 0"
[ $(($(now_ms) - started)) -lt 10000 ] || fatal "SIGTERM with a tunnel open took $(($(now_ms) - started)) ms"
wait "$holder" || fatal "the tunnel's client failed: $(cat "$work/holder.out")"
grep -q closed "$work/holder.out" || fatal "the tunnel was not closed: $(cat "$work/holder.out")"

# --proxy-pass-through true: what no stub answers goes on to the host it was for (a second mock on loopback here).
mkdir -p "$work/upstream/mappings"
printf '%s' '{"request": {"url": "/z"}, "response": {"status": 200, "body": "from upstream"}}' \
  >"$work/upstream/mappings/z.json"
start_server upstream mock --port 0 --mappings "$work/upstream"
upstream="$url"
start_server passing mock --port 0 --enable-browser-proxying --proxy-pass-through true --mappings "$work/stubs"
[ "$(curl -sS --max-time 5 --noproxy '' --proxy "$url" "$upstream/z")" = "from upstream" ] ||
  fatal "--proxy-pass-through true did not forward an unmatched request to its host"
[ "$(curl -sS --max-time 5 --noproxy '' --proxy "$url" http://api.example.com/x)" = "api answer" ] ||
  fatal "with --proxy-pass-through the stubs stopped answering"
start_server closed mock --port 0 --enable-browser-proxying --mappings "$work/stubs"
[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 --noproxy '' --proxy "$url" "$upstream/z")" = 404 ] ||
  fatal "without --proxy-pass-through an unmatched request was forwarded"
code=0
"$bin" mock --port 0 --proxy-pass-through true >/dev/null 2>"$work/refused.err" || code=$?
[ "$code" = 2 ] && grep -qF -- "--proxy-pass-through is about a browser proxy's requests" "$work/refused.err" ||
  fatal "--proxy-pass-through without --enable-browser-proxying: exit $code, $(cat "$work/refused.err")"

start_server plain mock --port 0 --https-ca-file "$work/plain-ca.pem" --https-port 0 --mappings "$work/stubs"
code=0
curl -sS --max-time 5 --proxy "$url" --cacert "$work/plain-ca.pem" https://api.example.com/x >/dev/null 2>&1 || code=$?
[ "$code" != 0 ] || fatal "without --enable-browser-proxying the mock answered a CONNECT"
echo "mock_browser_proxy_test: passed"
