#!/usr/bin/env bash
# Headless Chromium through `fscript mock --enable-browser-proxying`: a page at https://app.example.com fetches
# https://api.example.com/x and https://cdn.example.com/y; the page and both answers come from stubs matched on
# `host`, every request over HTTPS intercepted with the mock's CA. Chromium trusts that CA alone, by its key's
# hash (--ignore-certificate-errors-spki-list), and reaches nothing but the mock (--proxy-server; the names are
# never resolved). --virtual-time-budget lets the fetches finish before --dump-dom prints the page.
source "$(dirname "$0")/../cli/common.sh"
if ! command -v chromium >/dev/null; then
  [ "${CI:-}" != true ] || fatal "required under CI=true: chromium (scripts/install --test-deps)"
  echo "skipped: the proxied Chromium check needs chromium (scripts/install --test-deps)"
  exit 0
fi
command -v openssl >/dev/null || fatal "openssl is missing"
work="$(mktemp -d)"
browser=""
trap 'cleanup_servers; [ -z "$browser" ] || kill -9 "$browser" 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/stubs/mappings"
cat >"$work/stubs/mappings/page.json" <<'JSON'
{"request": {"method": "GET", "url": "/", "host": {"equalTo": "app.example.com"}, "scheme": "https"},
 "response": {"status": 200, "headers": {"Content-Type": "text/html"},
  "body": "<!doctype html><title>two origins</title><p id=out>waiting</p><script>Promise.all([fetch('https://api.example.com/x').then(r => r.text()), fetch('https://cdn.example.com/y').then(r => r.text())]).then(([a, b]) => { document.getElementById('out').textContent = 'got ' + a + ' and ' + b; }, e => { document.getElementById('out').textContent = 'failed ' + e; });</script>"}}
JSON
for pair in api:x cdn:y; do
  printf '{"request": {"method": "GET", "url": "/%s", "host": {"equalTo": "%s.example.com"}},
 "response": {"status": 200, "headers": {"Access-Control-Allow-Origin": "*"}, "body": "%s-answer"}}\n' \
    "${pair#*:}" "${pair%%:*}" "${pair%%:*}" >"$work/stubs/mappings/${pair%%:*}.json"
done

start_server proxy mock --port 0 --enable-browser-proxying --https-ca-file "$work/ca.pem" --mappings "$work/stubs"
spki="$(openssl x509 -pubkey -noout -in "$work/ca.pem" | openssl pkey -pubin -outform der |
  openssl dgst -sha256 -binary | base64)"
chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
  --user-data-dir="$work/profile" --proxy-server="$url" --ignore-certificate-errors-spki-list="$spki" \
  --virtual-time-budget=5000 --dump-dom https://app.example.com/ >"$work/dom" 2>"$work/chromium.err" &
browser=$!
deadline=$((SECONDS + 60))
while kill -0 "$browser" 2>/dev/null; do
  [ "$SECONDS" -lt "$deadline" ] || fatal "Chromium did not finish within 60 s: $(tail -n 5 "$work/chromium.err")"
  sleep 0.05
done
wait "$browser" || fatal "Chromium failed: $(tail -n 5 "$work/chromium.err")"
browser=""
grep -q '<p id="out">got api-answer and cdn-answer</p>' "$work/dom" ||
  fatal "the page did not get both stubbed answers: $(grep -o '<p id="out">[^<]*' "$work/dom" || head -c 500 "$work/dom")"
journal="$(curl -s "$url/__admin/requests")"
for host in app.example.com api.example.com cdn.example.com; do
  grep -q "\"$host\"" <<<"$journal" || fatal "no request for $host in the journal: $(head -c 800 <<<"$journal")"
done
echo "mock_proxy_chromium_test: passed"
