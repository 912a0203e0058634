#!/usr/bin/env bash
# One path per file (issue 37): however a suite is named (`.`, `./`, its absolute path, a file, the folder from
# above, a `..` detour, a symlink to it) and in every run mode (serially, --jobs 2), each step definition file
# loads once (a second load made every suite step "Ambiguous" against itself) and each feature runs once.
# `fscript .` from the features folder runs what `fscript features/` runs. A step file reached through a
# symlink beside it is the same file, so it loads once too.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fscript="$bin"
case "$bin" in /*) ;; *) fscript="$PWD/$bin" ;; esac
cp -R Tests/cli/fixtures/suite_paths "$work/suite"
ln -s greeting_steps.lua "$work/suite/features/step_definitions/same_steps.lua"
ln -s features "$work/suite/linked"

# Runs fscript from folder DIR with ARGS… and prints the sorted "status name" lines of its JSON report.
scenarios() {
  local name="$1" dir="$2" status=0
  shift 2
  (cd "$dir" && "$fscript" "$@" --artifacts "$work/artifacts" --report "json:$work/$name.json") \
    >"$work/$name.log" 2>&1 </dev/null || status=$?
  [ "$status" -eq 0 ] || fatal "$name: fscript $* in $dir: exit $status: $(grep -m 5 -A 6 '✘' "$work/$name.log")"
  python3 -c '
import json, sys
run = json.load(open(sys.argv[1]))
for f in run["files"]:
    for c in f["cases"]:
        print(c["status"], c["name"])
' "$work/$name.json" | sort
}

features="$work/suite/features"
both=$'passed the demo greets\npassed the demo has a login button'
checked=0
for mode in serial jobs; do
  extra=()
  [ "$mode" = jobs ] && extra=(--jobs 2)
  reference="$(scenarios "$mode-above" "$work/suite" features/ ${extra[@]+"${extra[@]}"})"
  [ "$reference" = "$both" ] || fatal "$mode: fscript features/ ran: $reference"
  for way in . ./ "$features" "$features/" ../features ../linked; do
    got="$(scenarios "$mode-inside" "$features" "$way" ${extra[@]+"${extra[@]}"})"
    [ "$got" = "$reference" ] || fatal "$mode: fscript $way (from features/) ran:
$got
expected what fscript features/ runs:
$reference"
    checked=$((checked + 1))
  done
  for way in features features/ ./features ./features/../features "$features" linked/ "features/./more/.."; do
    got="$(scenarios "$mode-above" "$work/suite" "$way" ${extra[@]+"${extra[@]}"})"
    [ "$got" = "$reference" ] || fatal "$mode: fscript $way (from above) ran:
$got"
    checked=$((checked + 1))
  done
  # A file, as named from inside and from above, and twice under two spellings: it runs once.
  for way in greeting.feature ./greeting.feature "$features/greeting.feature"; do
    got="$(scenarios "$mode-file" "$features" "$way" ./greeting.feature ${extra[@]+"${extra[@]}"})"
    [ "$got" = "passed the demo greets" ] || fatal "$mode: fscript $way ./greeting.feature ran: $got"
    checked=$((checked + 1))
  done
  # The folder twice under two spellings (itself and a symlink to it, a `..` detour): each feature runs once.
  for ways in ". ../linked" "./ ../features/../features"; do
    # shellcheck disable=SC2086 # two spellings, split on purpose
    got="$(scenarios "$mode-twice" "$features" $ways ${extra[@]+"${extra[@]}"})"
    [ "$got" = "$reference" ] || fatal "$mode: fscript $ways (from features/) ran:
$got"
    checked=$((checked + 1))
  done
  got="$(scenarios "$mode-sub" "$features" more/login.feature ./more/../more/login.feature ${extra[@]+"${extra[@]}"})"
  [ "$got" = "passed the demo has a login button" ] || fatal "$mode: fscript more/login.feature ran: $got"
  checked=$((checked + 1))
done
echo "suite paths: $checked ways to name the suite, each loads its steps once and runs each feature once"
