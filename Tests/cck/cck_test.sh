#!/usr/bin/env bash
# The Cucumber Compatibility Kit (scripts/cck) against the list of samples that do not match yet
# (Tests/cck/not_yet_matching.txt): fails when a sample not on the list differs, and when a listed one matches
# (take it off the list), so the list only shrinks. FSCRIPT_BIN picks the binary, as for every check.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
fatal() { printf '** ERROR: %s\n' "$*" >&2; exit 1; }
bin="${FSCRIPT_BIN:-.build/debug/fscript}"
[ -x "$bin" ] || fatal "no fscript binary at $bin; build first or set FSCRIPT_BIN"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
FSCRIPT_BIN="$bin" scripts/cck >"$work/report.txt" 2>"$work/errors.txt" || status=$?
[ "$status" -le 1 ] || fatal "scripts/cck could not run (exit $status): $(cat "$work/errors.txt")"
grep -q '^[0-9]*/[0-9]* samples match$' "$work/report.txt" || fatal "scripts/cck printed no summary: $(cat "$work/report.txt")"

listed() { grep -v '^[[:space:]]*\(#\|$\)' Tests/cck/not_yet_matching.txt | grep -qx "$1"; }
problems=0
while IFS= read -r line; do
  case "$line" in
    *": match") sample="${line%: match}"
      if listed "$sample"; then
        printf '%s matches now: take it off Tests/cck/not_yet_matching.txt\n' "$sample" >&2
        problems=$((problems + 1))
      fi ;;
    *": differs"*) sample="${line%%: differs*}"
      if ! listed "$sample"; then
        printf '%s\n' "$line" >&2
        awk -v head="$line" '$0 == head { shown = 1; next } shown && /^  / { print; next } { shown = 0 }' \
          "$work/report.txt" >&2
        problems=$((problems + 1))
      fi ;;
  esac
done <"$work/report.txt"
tail -n 1 "$work/report.txt"
[ "$problems" -eq 0 ] || fatal "$problems sample(s) disagree with Tests/cck/not_yet_matching.txt"
