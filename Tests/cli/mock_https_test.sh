#!/usr/bin/env bash
# `fscript mock --https-port 0`: the mock makes a CA at start, serves HTTPS with a certificate it signed for
# 127.0.0.1 and localhost, and writes the CA where curl can trust it (--cacert); the plain listener stays, the
# HTTPS one obeys the same Host check and limits. Given PEM files (--https-cert-file/--https-key-file,
# --https-keystore) are served instead; a Java keystore and half a pair are refused by name.
source "$(dirname "$0")/common.sh"
command -v openssl >/dev/null || fatal "openssl is missing"
[ -x /usr/bin/curl ] || fatal "curl is missing (scripts/install)"
work="$(mktemp -d)"
trap 'cleanup_servers; rm -rf "$work"' EXIT
mkdir -p "$work/stubs/mappings"
printf '%s' '{"request": {"method": "ANY", "url": "/x"}, "response": {"status": 200, "body": "over tls"}}' \
  >"$work/stubs/mappings/x.json"

# The HTTPS URL is the second line the mock prints.
https_url() {
  local deadline=$((SECONDS + 10)) line=""
  until line="$(sed -n 2p "$work/$1.out")" && [ -n "$line" ]; do
    [ "$SECONDS" -lt "$deadline" ] || fatal "no HTTPS URL printed: $(cat "$work/$1.err")"
    sleep 0.01
  done
  printf '%s' "$line"
}

start_server own mock --port 0 --https-port 0 --https-ca-file "$work/ca.pem" --mappings "$work/stubs" \
  --max-body 100
https="$(https_url own)"
[[ "$https" == https://127.0.0.1:* ]] || fatal "the second line is not an https URL: $https"
grep -q "written to $work/ca.pem" "$work/own.err" || fatal "the CA's file is not named: $(cat "$work/own.err")"
[ "$(curl -sS --cacert "$work/ca.pem" "$https/x")" = "over tls" ] || fatal "curl --cacert did not get the stub's answer"
[ "$(curl -sS --cacert "$work/ca.pem" "${https/127.0.0.1/localhost}/x")" = "over tls" ] ||
  fatal "the certificate does not name localhost"
[ "$(curl -sS "$url/x")" = "over tls" ] || fatal "the plain listener stopped answering"
code=0
curl -sS -o /dev/null "$https/x" 2>"$work/untrusted" || code=$?
[ "$code" = 60 ] || fatal "without the CA curl should refuse the certificate (60), got $code"
[ "$(curl -s -o /dev/null -w '%{http_code}' --cacert "$work/ca.pem" -H 'Host: evil.example' "$https/x")" = 403 ] ||
  fatal "the HTTPS listener let another Host through"
[ "$(curl -s -o /dev/null -w '%{http_code}' --cacert "$work/ca.pem" -d "$(printf '%0200d' 0)" "$https/x")" = 413 ] ||
  fatal "the HTTPS listener took a body over --max-body"
started=$(now_ms)
kill -TERM "$server"
wait "$server" || fatal "SIGTERM: the mock did not exit 0"
# A hang check, not a timing: on a busy machine a stop can take a second (scripts/bench is where speed is measured).
[ $(($(now_ms) - started)) -lt 10000 ] || fatal "SIGTERM took $(($(now_ms) - started)) ms"
[ -s "$work/ca.pem" ] || fatal "the CA file the user named (--https-ca-file) was removed"

# A CA file the mock made in the temporary folder goes when it stops: runs do not leave one behind each.
start_server temp mock --port 0 --https-port 0
made="$(grep -o 'written to [^ ]*' "$work/temp.err" | cut -d' ' -f3)"
[ -n "$made" ] && [ -s "$made" ] || fatal "the mock's own CA file is not named or not there: $(cat "$work/temp.err")"
kill -TERM "$server"
wait "$server" || fatal "SIGTERM: the mock with its own CA file did not exit 0"
[ ! -e "$made" ] || fatal "the mock left its CA file $made behind"

openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj "/CN=127.0.0.1" \
  -addext "subjectAltName=IP:127.0.0.1" -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null ||
  fatal "openssl could not make a certificate"
start_server given mock --port 0 --https-port 0 --https-cert-file "$work/cert.pem" --https-key-file "$work/key.pem" \
  --mappings "$work/stubs"
[ "$(curl -sS --cacert "$work/cert.pem" "$(https_url given)/x")" = "over tls" ] || fatal "the given PEM pair is not served"
cat "$work/cert.pem" "$work/key.pem" >"$work/bundle.pem"
start_server bundle mock --port 0 --https-port 0 --https-keystore "$work/bundle.pem" --mappings "$work/stubs"
[ "$(curl -sS --cacert "$work/cert.pem" "$(https_url bundle)/x")" = "over tls" ] || fatal "the --https-keystore PEM is not served"

refused() {
  local expected="$1" code=0
  shift
  "$bin" mock --port 0 "$@" >/dev/null 2>"$work/refused.err" || code=$?
  [ "$code" = 2 ] || fatal "fscript mock $*: expected exit 2, got $code"
  grep -qF -- "$expected" "$work/refused.err" || fatal "fscript mock $*: expected '$expected' in: $(cat "$work/refused.err")"
}
printf '\xfe\xed\xfe\xed' >"$work/server.jks"
refused "looks like a Java keystore or PKCS#12 file; fscript takes PEM" --https-port 0 --https-keystore "$work/server.jks"
refused "--https-cert-file and --https-key-file go together" --https-port 0 --https-cert-file "$work/cert.pem"
refused "--https-port must be 0 to 65535, got 70000" --https-port 70000
refused "$work/none.pem: no such file" --https-port 0 --https-keystore "$work/none.pem"
refused "holds no private key" --https-port 0 --https-cert-file "$work/cert.pem" --https-key-file "$work/cert.pem"
echo "mock_https_test: passed"
