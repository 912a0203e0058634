#!/usr/bin/env bash
# The generated pages (docs/reference/ and docs/benchmarks.md, written by scripts/gen-reference from the argument
# parser, the run settings' declarations, the step catalog, stdlib/meta's annotations, the WireMock cases and the
# benchmark results) are current, and the check fails, naming the page, when one is not what it would be now.
source "$(dirname "$0")/common.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export FSCRIPT_BIN="$bin"

scripts/gen-reference --check >"$work/out" 2>"$work/err" \
  || fatal "a generated page is out of date: $(cat "$work/err")"
grep -q "6 pages current" "$work/out" || fatal "the check did not check six pages: $(cat "$work/out")"
grep -q -- '| `timeout` | `--timeout <seconds>` |' docs/reference/settings.md \
  || fatal "settings.md lacks the timeout setting's row"
grep -q '`I wait to see {string}`' docs/reference/steps.md || fatal "steps.md lacks a catalog step"
grep -q '^## `fscript mock`' docs/reference/cli.md || fatal "cli.md lacks the mock command"

# A page the code no longer matches: one setting's row missing, as when a setting is declared and the pages are
# not regenerated.
mkdir "$work/docs"
cp -R docs/reference docs/benchmarks.md "$work/docs/"
grep -v -- '--retry' docs/reference/settings.md >"$work/docs/reference/settings.md"
status=0
FSCRIPT_DOCS_DIR="$work/docs" scripts/gen-reference --check >"$work/out" 2>"$work/err" || status=$?
[ "$status" -eq 1 ] || fatal "a stale settings.md passed the check (status $status)"
grep -q "out of date in .*: reference/settings.md; run scripts/gen-reference" "$work/err" \
  || fatal "the failure does not name the stale page: $(cat "$work/err")"
echo "reference: 6 generated pages current; a stale page fails the check"
