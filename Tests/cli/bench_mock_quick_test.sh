#!/usr/bin/env bash
# `scripts/bench mock --quick`: the side-by-side with the real WireMock runs end to end (both WireMock settings,
# fscript mock as it starts and with --pin-event-loops, all six workloads, HTTPS and a browser proxy's CONNECT
# among them, each answer checked before it is loaded) and prints its two tables (medians and each row's ranges
# over its rounds, then the ratios for each fscript setting), what the CONNECT row's client manages alone, the load
# and the machine. Nothing here is timed: the numbers of a one-second run on a busy machine mean
# nothing, and scripts/bench is where speed is measured.
source "$(dirname "$0")/common.sh"
command -v java >/dev/null && python3 -c 'import wiremock' 2>/dev/null ||
  fatal "no java or no wiremock wheel for the WireMock side (scripts/install --test-deps)"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
BENCH_BINARY="$bin" scripts/bench mock --quick >"$out" 2>&1 || fatal "scripts/bench mock --quick failed: $(tail -n 20 "$out")"
for workload in '1 stub' '100 stubs' 'templated stub' 'proxied stub' '1 stub over HTTPS' '1 stub through CONNECT'; do
  for server in 'WireMock, journal on' 'WireMock --no-request-journal' 'fscript mock, journal on' \
    'fscript mock, journal on, --pin-event-loops'; do
    grep -qE "^\| $workload \| $server \| [0-9,]+ \| [0-9,]+–[0-9,]+ \| [0-9.]+ ms \| [0-9.]+–[0-9.]+ ms \| [0-9]+ MB \([0-9]+ MB\) \|$" "$out" ||
      fatal "no '$workload' row for $server (or answers not 2xx) in: $(cat "$out")"
  done
  for setting in default --pin-event-loops; do
    grep -qE "^\| $workload \| $setting \| [0-9.]+×( \(missed\))? \| [0-9.]+× \| [0-9.]+( \(missed\))? \| [0-9.]+( \(missed\))? \|$" "$out" ||
      fatal "no ratio row for '$workload' with fscript's $setting setting in: $(cat "$out")"
  done
done
grep -qE "^the CONNECT row's Python client alone, straight to fscript's HTTPS port: [0-9]+ requests/s" "$out" ||
  fatal "the CONNECT client's own limit is not printed: $(cat "$out")"
grep -q '^load: wrk -t2 -c8 ' "$out" || fatal "the load is not printed: $(cat "$out")"
grep -q '^machine: [0-9]* cores' "$out" || fatal "the machine is not printed: $(cat "$out")"
echo "bench_mock_quick: ok"
