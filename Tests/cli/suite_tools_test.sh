#!/usr/bin/env bash
# The tools around a suite see the suite as a run does (issue 37): `fscript steps features/` lists the suite's
# own steps (it read .feature files as Lua and listed none), and the REPL started in a folder with
# fscript.project.lua runs that project's app file with its launch environment.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fscript="$bin"
case "$bin" in /*) ;; *) fscript="$PWD/$bin" ;; esac

(cd Tests/cli/fixtures/suite_paths && "$fscript" steps features/) >"$work/steps.out" 2>"$work/steps.err" ||
  fatal "fscript steps features/ failed: $(cat "$work/steps.err")"
grep -qE '^the greeting is \{string\} +features/step_definitions/greeting_steps.lua:2$' "$work/steps.out" ||
  fatal "fscript steps features/ does not list the suite's step: $(grep -v '^ ' "$work/steps.out" | tail -n 5)"
[ ! -s "$work/steps.err" ] || fatal "fscript steps features/ complained: $(cat "$work/steps.err")"
(cd Tests/cli/fixtures/suite_paths && "$fscript" steps --json features/ greeting) >"$work/steps.json" ||
  fatal "fscript steps --json features/ greeting failed"
python3 -c '
import json, sys
steps = json.load(open(sys.argv[1]))
patterns = [s["pattern"] for s in steps]
if patterns != ["the greeting is {string}"]:
    sys.exit(f"** ERROR: fscript steps --json features/ greeting listed {patterns}")
' "$work/steps.json"

printf 'print(app:map("label", "text")[1])\n' |
  (cd Tests/cli/fixtures/repl_project && "$fscript") >"$work/repl.out" 2>&1 ||
  fatal "the REPL failed: $(cat "$work/repl.out")"
grep -qF "Hello from the project file" "$work/repl.out" ||
  fatal "the REPL did not run the project's app with its environment: $(cat "$work/repl.out")"
echo "suite tools: steps lists the suite's steps, the REPL reads the project file"
