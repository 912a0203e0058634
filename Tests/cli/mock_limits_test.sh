#!/usr/bin/env bash
# Checks the mock's memory stays bounded: a 50 MB request body that no stub matches gets a 404 of at most a few
# KB (the near-miss shows 1 KB of the body) and leaves the mock's resident memory within 20 MB of before.
source "$(dirname "$0")/common.sh"
command -v curl >/dev/null || fatal "curl is missing"

work="$(mktemp -d)"
pid=""
cleanup() {
  [ -n "$pid" ] && { kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; } || true
  rm -rf "$work"
}
trap cleanup EXIT
rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

mkdir -p "$work/mappings"
printf '%s\n' '{"request": {"method": "POST", "urlPath": "/api/upload", "bodyPatterns": [{"contains": "expected"}]},' \
  ' "response": {"status": 200}}' >"$work/mappings/upload.json"
"$bin" mock --port 0 --mappings "$work" >"$work/url" 2>"$work/err" &
pid=$!
for _ in $(seq 1000); do
  grep -q http "$work/url" 2>/dev/null && break
  sleep 0.01
done
url="$(head -n 1 "$work/url")"
[ -n "$url" ] || fatal "fscript mock printed no URL: $(cat "$work/err")"
head -c 50000000 /dev/zero | tr '\0' 'a' >"$work/body"
# Warm up: the first requests size the allocator's arenas.
for _ in 1 2 3; do curl -s -o /dev/null -X POST --data-binary 'small' "$url/api/upload"; done
before="$(rss_kb "$pid")"
for round in 1 2 3; do
  status="$(curl -s -o "$work/answer" -w '%{http_code}' -X POST -H 'Content-Type: text/plain' \
    --data-binary "@$work/body" "$url/api/upload")"
  [ "$status" = 404 ] || fatal "round $round: expected 404 for an unmatched 50 MB body, got $status"
  size="$(wc -c <"$work/answer")"
  [ "$size" -le 4096 ] || fatal "round $round: the 404 is $size bytes; it should show at most 1 KB of the body"
done
after="$(rss_kb "$pid")"
growth=$(((after - before) / 1024))
[ "$growth" -le 20 ] || fatal "resident memory grew by $growth MB over three 50 MB requests (before ${before} kB, after ${after} kB)"
echo "mock_limits_test: ok (RSS ${before} kB → ${after} kB)"
