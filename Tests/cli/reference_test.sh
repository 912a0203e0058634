#!/usr/bin/env bash
# The generated reference (docs/reference/, written by scripts/gen-reference from the argument parser, the run
# settings' declarations, the step catalog, stdlib/meta's annotations and the WireMock cases) is current, and the
# check fails, naming the page, when a page is not what the code would generate now.
source "$(dirname "$0")/common.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export FSCRIPT_BIN="$bin"

scripts/gen-reference --check >"$work/out" 2>"$work/err" \
  || fatal "docs/reference is out of date: $(cat "$work/err")"
grep -q "5 pages current" "$work/out" || fatal "the check did not check five pages: $(cat "$work/out")"
grep -q -- '| `timeout` | `--timeout <seconds>` |' docs/reference/settings.md \
  || fatal "settings.md lacks the timeout setting's row"
grep -q '`I wait to see {string}`' docs/reference/steps.md || fatal "steps.md lacks a catalog step"
grep -q '^## `fscript mock`' docs/reference/cli.md || fatal "cli.md lacks the mock command"

# A page the code no longer matches: one setting's row missing, as when a setting is declared and the pages are
# not regenerated.
cp -R docs/reference "$work/reference"
grep -v -- '--retry' docs/reference/settings.md >"$work/reference/settings.md"
status=0
FSCRIPT_REFERENCE_DIR="$work/reference" scripts/gen-reference --check >"$work/out" 2>"$work/err" || status=$?
[ "$status" -eq 1 ] || fatal "a stale settings.md passed the check (status $status)"
grep -q "out of date in .*: settings.md; run scripts/gen-reference" "$work/err" \
  || fatal "the failure does not name the stale page: $(cat "$work/err")"
echo "reference: 5 generated pages current; a stale page fails the check"
