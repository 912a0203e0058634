#!/usr/bin/env bash
# Runs the examples through the built binary: login_flow.lua passes with one line per step, and
# failing_example.lua exits 1 with a JUnit <failure> naming its step and a dump and a screenshot as artifacts.
source "$(dirname "$0")/common.sh"
command -v xmllint >/dev/null || fatal "xmllint not found; install libxml2-utils"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# login_flow.lua: exit 0, every scenario passes, and each step is reported on its own line with its time.
status=0
"$bin" scripts/examples/login_flow.lua --artifacts "$work/login_art" >"$work/login.out" 2>"$work/login.err" || status=$?
[ "$status" -eq 0 ] || fatal "login_flow.lua exited $status, expected 0: $(cat "$work/login.out" "$work/login.err")"
for line in \
  '✔ Then I wait to see "Welcome, alice"  (' \
  '✔ Then I should see an alert view titled "Login Failed"  (' \
  '✔ Then I should see an activity indicator animating  (' \
  '✔ When I wait for nothing to be animating  (' \
  '3 passed, 0 failed'; do
  grep -qF -- "$line" "$work/login.out" || fatal "login_flow.lua output lacks '$line': $(cat "$work/login.out")"
done
grep -qE '^  ✔ .* \([0-9]+\.[0-9]+ s\)$' "$work/login.out" || fatal "no step line with its time in login_flow output"

# failing_example.lua: exit 1, JUnit that parses with the failing step in <failure>, dump and PNG saved.
status=0
"$bin" scripts/examples/failing_example.lua --report "junit:$work/report.xml" --artifacts "$work/art" \
  >"$work/fail.out" 2>"$work/fail.err" || status=$?
[ "$status" -eq 1 ] || fatal "failing_example.lua exited $status, expected 1: $(cat "$work/fail.err")"
xmllint --noout "$work/report.xml" || fatal "the JUnit report does not parse"
message="$(xmllint --xpath 'string(//testcase/failure/@message)' "$work/report.xml")"
case "$message" in
  'Then I should see "This text is not on any screen": '*) ;;
  *) fatal "the <failure> message does not name the failing step: '$message'" ;;
esac
dump="$(find "$work/art" -name '*.json' -path '*a_step_that_cannot_pass*' | head -n 1)"
[ -n "$dump" ] || fatal "no dump JSON in the artifacts: $(find "$work/art")"
head -c 1 "$dump" | grep -q '[{[]' || fatal "the dump is not JSON: $dump"
png="$(find "$work/art" -name '*.png' -path '*a_step_that_cannot_pass*' | head -n 1)"
[ -n "$png" ] || fatal "no PNG screenshot in the artifacts: $(find "$work/art")"
[ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fatal "not a PNG: $png"

printf 'examples_test: ok\n'
