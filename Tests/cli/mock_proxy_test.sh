#!/usr/bin/env bash
# The mock as a recording proxy in front of an https backend: a local TLS server (Python's http.server with a
# self-signed certificate made here, trusted through CURL_CA_BUNDLE) stands in for the real one. Requests through
# `fscript mock --proxy https://… --record DIR` get the backend's answers; the saved mappings replay with the
# backend stopped. Nothing leaves this machine.
source "$(dirname "$0")/common.sh"
command -v openssl >/dev/null || fatal "openssl is missing"
[ -x /usr/bin/curl ] || fatal "curl is missing (scripts/install)"
work="$(mktemp -d)"
backend_pid=""
trap 'cleanup_servers; [ -z "$backend_pid" ] || kill -9 "$backend_pid" 2>/dev/null; rm -rf "$work"' EXIT

openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=127.0.0.1" -addext "subjectAltName=IP:127.0.0.1" \
  -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null || fatal "openssl could not make a certificate"
python3 - "$work" >"$work/backend.out" 2>"$work/backend.err" <<'PY' &
import http.server, json, ssl, sys
work = sys.argv[1]
class Backend(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args): pass
    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("X-Backend", "tls")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
    def do_GET(self):
        self.answer(200, {"items": ["secure apples"], "path": self.path})
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.answer(201, {"got": json.loads(body or b"null"), "auth": self.headers.get("Authorization")})
server = http.server.HTTPServer(("127.0.0.1", 0), Backend)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(f"{work}/cert.pem", f"{work}/key.pem")
server.socket = context.wrap_socket(server.socket, server_side=True)
print(f"https://127.0.0.1:{server.server_address[1]}", flush=True)
server.serve_forever()
PY
backend_pid=$!
deadline=$((SECONDS + 10))
until grep -q https "$work/backend.out"; do
  [ "$SECONDS" -lt "$deadline" ] || fatal "the TLS backend did not start: $(cat "$work/backend.err")"
  sleep 0.02
done
backend="$(head -n 1 "$work/backend.out")"

CURL_CA_BUNDLE="$work/cert.pem" start_server proxy mock --port 0 --proxy "$backend" --record "$work/recorded"
items="$(curl -s "$url/api/items?page=1")"
[ "$items" = '{"items": ["secure apples"], "path": "/api/items?page=1"}' ] || fatal "through the proxy: $items"
[ "$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Authorization: Bearer t' -d '{"a": 1}' "$url/api/notes")" = 201 ] ||
  fatal "the POST through the proxy did not get the backend's 201"
curl -s -D "$work/head" -o /dev/null "$url/api/items?page=1"
grep -qi '^x-backend: tls' "$work/head" || fatal "the backend's header did not come through: $(cat "$work/head")"
[ "$(ls "$work/recorded/mappings" | wc -l)" = 2 ] || fatal "expected 2 recorded mappings: $(ls "$work/recorded/mappings")"

kill -9 "$backend_pid"
wait "$backend_pid" 2>/dev/null || true
backend_pid=""
start_server replay mock --port 0 --mappings "$work/recorded"
[ "$(curl -s "$url/api/items?page=1")" = "$items" ] || fatal "the replay differs from the recording"
replayed="$(curl -s -X POST -d '{"a": 1}' "$url/api/notes")"
[ "$replayed" = '{"got": {"a": 1}, "auth": "Bearer t"}' ] || fatal "the replayed POST: $replayed"
echo "mock_proxy_test: passed"
