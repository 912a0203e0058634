#!/usr/bin/env bash
# `fscript port frank` on hostile suites (issue 41 item 9). A Ruby file whose regexp makes Ruby warn on standard
# error is ported with the others (before: the warning landed inside the JSON and the whole port stopped). A file
# that does not parse, or names an unknown encoding, is named and the others are still ported: exit 1. A folder
# named "a<newline>.." holding step_definitions/ makes the port read nothing outside the suite and write nothing
# outside --out (before: the file list split on the newline, read ../step_definitions/x.rb beside the suite and
# wrote ../step_definitions/x.lua beside --out). A Lua file that cannot be written, or a folder of --out that is a
# symlink leading out of it, is exit 2 naming the file. Ctrl-C and SIGTERM while Ruby parses, and Ctrl-C once it
# is done, stop the port with exit 130 and Ruby's process gone (before: Ctrl-C was ignored and SIGTERM left Ruby
# running).
source "$(dirname "$0")/common.sh"

command -v ruby >/dev/null || fatal "fscript port needs ruby for its parser: scripts/install --test-deps installs it"
work="$(mktemp -d)"
trap 'cleanup_servers; rm -rf "$work"' EXIT

# Runs `fscript port frank SUITE --out OUT`, output in $work/NAME.out and .err; sets $status.
port() {
  local name="$1" suite="$2" out="$3"
  status=0
  "$bin" port frank "$suite" --out "$out" >"$work/$name.out" 2>"$work/$name.err" </dev/null || status=$?
}
good() { printf 'Given /^I am good %s$/ do\n  touch("view marked:%s")\nend\n' "$1" "'ok'" >"$2"; }

# A warning and two files that do not parse, beside good ones.
suite="$work/warned/features"
mkdir -p "$suite/step_definitions"
printf 'Feature: f\n  Scenario: s\n    Given I am good 1\n' >"$suite/a.feature"
good 1 "$suite/step_definitions/a_steps.rb"
printf 'Given /^I pick ([a-z-9])$/ do |c|\n  touch("view marked:%s")\nend\n' "'x'" >"$suite/step_definitions/warn_steps.rb"
ruby -c "$suite/step_definitions/warn_steps.rb" 2>&1 | grep -q "warning: character class has '-' without escape" ||
  fatal "the warning fixture no longer makes Ruby warn"
port warned "$suite" "$work/warned/out"
[ "$status" -eq 0 ] || fatal "a Ruby warning: exit $status, expected 0: $(cat "$work/warned.err")"
grep -q "2 of 2 step definitions converted whole" "$work/warned.out" || fatal "a Ruby warning: $(cat "$work/warned.out")"
grep -q 'I pick (\[a-z-9\])' "$work/warned/out/step_definitions/warn_steps.lua" ||
  fatal "the warned file was not ported: $(cat "$work/warned/out/step_definitions/warn_steps.lua")"

printf 'Given /^broken$/ do\n  if (\nend\n' >"$suite/step_definitions/broken_steps.rb"
printf '# -*- coding: no-such-encoding -*-\nGiven /^odd$/ do\nend\n' >"$suite/step_definitions/odd_steps.rb"
good 2 "$suite/step_definitions/z_steps.rb"
port broken "$suite" "$work/broken/out"
[ "$status" -eq 1 ] || fatal "files that do not parse: exit $status, expected 1: $(cat "$work/broken.err")"
grep -q "broken_steps.rb: Ruby cannot parse it: 3: syntax error" "$work/broken.err" ||
  fatal "the file that does not parse is not named: $(cat "$work/broken.err")"
grep -q "odd_steps.rb: Ruby cannot parse it: ArgumentError: unknown encoding name: no-such-encoding" \
  "$work/broken.err" || fatal "the file with an unknown encoding is not named: $(cat "$work/broken.err")"
grep -q "3 of 3 step definitions converted whole" "$work/broken.out" ||
  fatal "the good files beside them: $(cat "$work/broken.out")"
for name in a_steps warn_steps z_steps; do
  grep -q '^step(' "$work/broken/out/step_definitions/$name.lua" || fatal "$name.rb was not ported beside the broken ones"
done
grep -q "Ruby cannot parse it" "$work/broken/out/PORT.md" || fatal "PORT.md does not name the file that does not parse"

# A folder named "a<newline>..": its step_definitions/x.rb is the suite's own file, not ../step_definitions/x.rb.
root="$work/escape"
mkdir -p "$root/step_definitions" "$root/features/a
../step_definitions" "$root/outputs"
printf 'Given /^a secret beside the suite$/ do\nend\n' >"$root/step_definitions/x.rb"
printf 'Given /^a step inside the odd folder$/ do\nend\n' >"$root/features/a
../step_definitions/x.rb"
port escape "$root/features" "$root/outputs/out"
[ "$status" -eq 0 ] || fatal "a folder named a<newline>..: exit $status: $(cat "$work/escape.err")"
stray="$(find "$root" -name '*.lua' ! -path "$root/outputs/out/*")"
[ -z "$stray" ] || fatal "fscript port wrote outside --out: $stray"
grep -rq "secret beside the suite" "$root/outputs/out" && fatal "fscript port read a .rb file outside the suite"
grep -q "a step inside the odd folder" "$root/outputs/out/a
../step_definitions/x.lua" || fatal "the file in the odd folder was not ported to its own place"

# A Lua file that cannot be written (a folder stands where it goes): exit 2 naming it, the others written.
mkdir -p "$work/unwritable/out/step_definitions/a_steps.lua"
port unwritable "$suite" "$work/unwritable/out"
[ "$status" -eq 2 ] || fatal "an unwritable file: exit $status, expected 2: $(cat "$work/unwritable.err")"
grep -q "cannot write $work/unwritable/out/step_definitions/a_steps.lua (Is a directory)" "$work/unwritable.err" ||
  fatal "the unwritable file is not named: $(cat "$work/unwritable.err")"
[ -f "$work/unwritable/out/step_definitions/z_steps.lua" ] || fatal "the other files were not written"

# A folder of --out that is a symlink out of it: refused, nothing written there.
mkdir -p "$work/linked/out" "$work/elsewhere"
ln -s "$work/elsewhere" "$work/linked/out/step_definitions"
port linked "$suite" "$work/linked/out"
[ "$status" -eq 2 ] || fatal "a symlinked folder in --out: exit $status, expected 2: $(cat "$work/linked.err")"
grep -q "its folder leads out of $work/linked/out" "$work/linked.err" || fatal "the refusal: $(cat "$work/linked.err")"
[ -z "$(ls -A "$work/elsewhere")" ] || fatal "fscript port wrote through the symlink: $(ls "$work/elsewhere")"

# Ctrl-C and SIGTERM while Ruby parses a big file: exit 130 and Ruby gone. Waits are bounded polls.
big="$work/big/features"
mkdir -p "$big/step_definitions"
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "Given /^I do thing %d$/ do\n  touch(\"x%d\")\nend\n", i, i }' \
  >"$big/step_definitions/big_steps.rb"
alive() { [ -e "/proc/$1" ] && [ "$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)" != Z ]; }
# INT and TERM while Ruby parses; INT again once Ruby is done, while the Lua is written (its trees fill the heap).
for when in INT TERM INT-after-ruby; do
  signal="${when%%-*}"
  "$bin" port frank "$big" --out "$work/big/out-$when" >"$work/$when.out" 2>"$work/$when.err" </dev/null &
  pid=$!
  pids+=("$pid")
  ruby_pid=""
  for _ in $(seq 1 400); do
    ruby_pid="$(ps -o pid=,comm= --ppid "$pid" 2>/dev/null | awk '$2 == "ruby" { print $1 }' || true)"
    [ -n "$ruby_pid" ] && break
    kill -0 "$pid" 2>/dev/null || fatal "$when: fscript port ended before Ruby started: $(cat "$work/$when.err")"
    sleep 0.05
  done
  [ -n "$ruby_pid" ] || fatal "$when: Ruby did not start within 400 polls"
  if [ "$when" = INT-after-ruby ]; then
    for _ in $(seq 1 2000); do
      alive "$ruby_pid" || break
      sleep 0.05
    done
    alive "$ruby_pid" && fatal "$when: Ruby still parses after 2000 polls"
    kill -0 "$pid" 2>/dev/null || fatal "$when: fscript port ended before the signal: $(cat "$work/$when.err")"
  fi
  started=$(now_ms)
  kill "-$signal" "$pid"
  for _ in $(seq 1 200); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.01
  done
  kill -0 "$pid" 2>/dev/null && fatal "$when: fscript port still runs 200 polls after the signal"
  stopped=$(($(now_ms) - started))
  status=0
  wait "$pid" || status=$?
  pids=()
  [ "$status" -eq 130 ] || fatal "$when: exit $status, expected 130: $(cat "$work/$when.err")"
  grep -qx "fscript: interrupted; files not yet written are left as they were" "$work/$when.err" ||
    fatal "$when: $(cat "$work/$when.err")"
  for _ in $(seq 1 100); do alive "$ruby_pid" || break; sleep 0.01; done
  if alive "$ruby_pid"; then
    kill -9 "$ruby_pid"
    fatal "$when: Ruby ($ruby_pid) still ran after fscript port ended"
  fi
  echo "$when: fscript port ended in $stopped ms (exit 130), Ruby gone"
done
echo "port_hardening_test: passed"
