#!/usr/bin/env bash
# Checks cucumber's command-line habits through the binary: FILE:LINE passes the host's file check and runs that
# Examples row (serially and with --jobs), --name selects by regular expression, and a bad --name exits 2;
# --fail-fast is a flag the host passes on (with --jobs it is refused, exit 2); --order random:SEED prints the
# seed and repeats the order, --order random with --jobs picks one seed for every worker and prints it once, with
# --shard it needs a seed (exit 2), a bad --order exits 2.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

outline=Tests/features/outline.feature
"$bin" "$outline:19" >"$work/line.out" 2>&1 </dev/null || fatal "FILE:LINE run failed: $(cat "$work/line.out")"
grep -q "Scenario: writing 2 entries as bob" "$work/line.out" || fatal "FILE:LINE ran the wrong row: $(cat "$work/line.out")"
grep -q "^1 passed, 0 failed" "$work/line.out" || fatal "FILE:LINE ran more than the row: $(cat "$work/line.out")"

"$bin" "$outline:18:24" --jobs 2 >"$work/jobs.out" 2>&1 </dev/null || fatal "FILE:LINE with --jobs failed: $(cat "$work/jobs.out")"
grep -q "^2 passed, 0 failed" "$work/jobs.out" || fatal "FILE:LINE:LINE with --jobs: $(cat "$work/jobs.out")"

"$bin" Tests/features --name 'bob|carol' >"$work/name.out" 2>&1 </dev/null || fatal "--name run failed: $(cat "$work/name.out")"
grep -q "^2 passed, 0 failed" "$work/name.out" || fatal "--name selected: $(cat "$work/name.out")"

status=0
"$bin" Tests/features --name '(' >"$work/bad.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 2 ] || fatal "a --name that is no regular expression: exit $status, expected 2"
grep -q -- "--name \"(\" is not a regular expression" "$work/bad.out" || fatal "bad --name message: $(cat "$work/bad.out")"
status=0
"$bin" Tests/features --fail-fast --jobs 2 >"$work/ff.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 2 ] || fatal "--fail-fast with --jobs: exit $status, expected 2: $(cat "$work/ff.out")"
grep -q "does not combine with --jobs" "$work/ff.out" || fatal "--fail-fast with --jobs: $(cat "$work/ff.out")"
"$bin" Tests/features --fail-fast >"$work/ff2.out" 2>&1 </dev/null || fatal "--fail-fast on a passing suite: $(cat "$work/ff2.out")"
"$bin" Tests/features --order random:7 >"$work/order.out" 2>&1 </dev/null || fatal "--order random:7: $(cat "$work/order.out")"
grep -q "order: random:7" "$work/order.out" || fatal "--order random:7 does not print its seed: $(cat "$work/order.out")"
"$bin" Tests/features --order random:7 >"$work/order2.out" 2>&1 </dev/null || fatal "--order random:7 again failed"
[ "$(grep '^Scenario:' "$work/order.out")" = "$(grep '^Scenario:' "$work/order2.out")" ] ||
  fatal "--order random:7 ran two different orders"
# --order random without a seed in a parallel run: the parent picks one seed, prints it once, and the workers
# use it, so the run's messages are those of a serial run given that seed.
"$bin" Tests/features --order random --jobs 4 --report "message:$work/random_jobs.ndjson" >"$work/rj.out" 2>&1 \
  </dev/null || fatal "--order random --jobs 4: $(cat "$work/rj.out")"
[ "$(grep -c "^order: random:" "$work/rj.out")" = 1 ] || fatal "--order random --jobs 4 prints no single seed: $(cat "$work/rj.out")"
seed="$(sed -n 's/^order: random:\([0-9]*\) .*/\1/p' "$work/rj.out")"
"$bin" Tests/features --order "random:$seed" --report "message:$work/random_serial.ndjson" >"$work/rs.out" 2>&1 \
  </dev/null || fatal "--order random:$seed: $(cat "$work/rs.out")"
for stream in random_jobs random_serial; do # ids renamed, times zeroed, everything else kept
  "$bin" Tests/cck/normalize_stream.lua -- "$work/$stream.ndjson" "$work/$stream.norm" --keep >"$work/normalize.out" \
    2>&1 </dev/null || fatal "cannot normalize $stream.ndjson: $(tail -5 "$work/normalize.out")"
done
diff "$work/random_serial.norm" "$work/random_jobs.norm" >"$work/random.diff" ||
  fatal "--order random --jobs 4 is not the order of random:$seed: $(head -c 2000 "$work/random.diff")"
status=0
"$bin" Tests/features --order random --shard 1/2 >"$work/order4.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 2 ] && grep -q -- "--order random:SEED" "$work/order4.out" ||
  fatal "--order random --shard 1/2 without a seed: exit $status: $(cat "$work/order4.out")"
status=0
"$bin" Tests/features --order sideways >"$work/order3.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 2 ] || fatal "--order sideways: exit $status, expected 2"
echo "cucumber_habits_test: passed"
