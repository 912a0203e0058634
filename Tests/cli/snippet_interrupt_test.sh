#!/usr/bin/env bash
# Snippets for long undefined steps, end to end (issue 41 item 7; the work itself is counted by
# Tests/lua/snippet_bounds_spec.lua). A 100 KB undefined step fails as undefined and its snippet says that only its
# first bytes were searched for parameters. Ctrl-C while a snippet is being made (held there by a suite's parameter
# type whose regexp backtracks for tens of seconds) ends fscript with 130 and "interrupted", in a dry run (where
# it came out as exit 2, a Lua traceback and "is the stdlib installed?") and in a run, where the closing list of
# undefined steps does not start that snippet again (it says it was stopped).
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'cleanup_servers; rm -rf "$work"' EXIT

mkdir -p "$work/long"
{
  printf 'Feature: a long step\n  Scenario: s\n    Given I have '
  head -c 100000 /dev/zero | tr '\0' 'a'
  printf ' 3 apples\n'
} >"$work/long/long.feature"
status=0
"$bin" --artifacts "$work/artifacts" "$work/long" >"$work/long.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 1 ] || fatal "a 100 KB undefined step: exit $status, expected 1: $(cut -c1-300 "$work/long.out")"
grep -q "^-- Only the first 1024 bytes of this step were searched for parameters; the rest is literal.$" \
  "$work/long.out" || fatal "the snippet does not say what was searched: $(cut -c1-300 "$work/long.out")"
grep -q '^step("I have aaaa' "$work/long.out" || fatal "no snippet: $(cut -c1-300 "$work/long.out")"

# A parameter type used for snippets whose regexp never ends on a run of a's; the step file says when it loaded.
mkdir -p "$work/slow/step_definitions"
cat >"$work/slow/step_definitions/slow_steps.lua" <<'EOF'
-- Fixture for snippet_interrupt_test.sh: a snippet of "a…a" tries this regexp, which backtracks for seconds.
parameter_type{ name = "slow", regexp = "(?:a|aa)+b" }
io.open(os.getenv("LOADED"), "w"):close()
EOF
# Ten words of 100 a's: ICU gives up on each after seconds, so the snippet takes tens of seconds.
word="$(head -c 100 /dev/zero | tr '\0' 'a')"
printf 'Feature: slow snippets\n  Scenario: s\n    Given %s\n' "$(printf "$word %.0s" $(seq 1 10))" \
  >"$work/slow/slow.feature"

for mode in dry-run run; do
  args=()
  [ "$mode" = dry-run ] && args=(--dry-run)
  rm -f "$work/loaded"
  LOADED="$work/loaded" "$bin" ${args[@]+"${args[@]}"} --artifacts "$work/artifacts" "$work/slow" \
    >"$work/$mode.out" 2>"$work/$mode.err" </dev/null &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 1 400); do
    [ -e "$work/loaded" ] && break
    kill -0 "$pid" 2>/dev/null || fatal "$mode: fscript ended before the steps loaded: $(cat "$work/$mode.err")"
    sleep 0.05
  done
  [ -e "$work/loaded" ] || fatal "$mode: the step file did not load within 400 polls"
  kill -INT "$pid"
  # Ctrl-C is seen between ICU's calls, not inside one: an anchored backtracking search is one call, which ICU
  # itself ends after a couple of seconds (more on a loaded machine), so the budget is generous.
  for _ in $(seq 1 3000); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.01
  done
  kill -0 "$pid" 2>/dev/null && fatal "$mode: fscript still runs 3000 polls after Ctrl-C"
  status=0
  wait "$pid" || status=$?
  pids=()
  [ "$status" -eq 130 ] || fatal "$mode: Ctrl-C gave exit $status, expected 130: $(cat "$work/$mode.err")"
  grep -q "stdlib installed" "$work/$mode.out" "$work/$mode.err" &&
    fatal "$mode: Ctrl-C is reported as a broken stdlib: $(cat "$work/$mode.err")"
  if [ "$mode" = dry-run ]; then
    [ "$(cat "$work/$mode.err")" = "fscript: interrupted" ] || fatal "dry-run: Ctrl-C printed: $(cat "$work/$mode.err")"
  else
    grep -q "^-- No snippet for this step: making it was stopped (Ctrl-C or the time limit).$" "$work/$mode.out" ||
      fatal "run: the closing list: $(cut -c1-200 "$work/$mode.out")"
  fi
done
echo "snippet_interrupt_test: passed"
