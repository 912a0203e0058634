# Sourced by the CCK checks (cck_test.sh, cck_jobs_test.sh): runs scripts/cck and holds its result to
# Tests/cck/not_yet_matching.txt, which lists the samples that do not match yet: `NAME` for one that differs in
# a serial run (and may in a parallel one), `NAME (--jobs 4)` for one that differs only in a parallel run. A
# sample that differs without being listed fails the check, and so does a listed one that matches (take it off
# the list, or narrow it to `(--jobs 4)`), so the list only shrinks. FSCRIPT_BIN picks the binary.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
fatal() { printf '** ERROR: %s\n' "$*" >&2; exit 1; }
bin="${FSCRIPT_BIN:-.build/debug/fscript}"
[ -x "$bin" ] || fatal "no fscript binary at $bin; build first or set FSCRIPT_BIN"

# check_kit serial | check_kit jobs: runs the kit that way and compares with the list.
check_kit() {
  local mode="$1" work status=0 problems=0 line sample allowed
  local args=()
  if [ "$mode" = jobs ]; then args=(--jobs 4); fi
  work="$(mktemp -d)"
  # shellcheck disable=SC2064 # the folder is known now
  trap "rm -rf '$work'" EXIT
  FSCRIPT_BIN="$bin" scripts/cck "${args[@]+"${args[@]}"}" >"$work/report.txt" 2>"$work/errors.txt" || status=$?
  [ "$status" -le 1 ] || fatal "scripts/cck ${args[*]+"${args[*]}"} could not run (exit $status): $(cat "$work/errors.txt")"
  grep -q '^[0-9]*/[0-9]* samples match$' "$work/report.txt" || fatal "scripts/cck printed no summary: $(cat "$work/report.txt")"
  # Version 31 of the kit has 49 samples: fewer means the kit's layout changed or its install is broken, and a
  # run of no samples must not pass.
  local total
  total="$(sed -n 's|^[0-9]*/\([0-9]*\) samples match$|\1|p' "$work/report.txt")"
  [ "$total" -ge 49 ] || fatal "scripts/cck ran $total samples, expected the kit's 49: is cucumber-compatibility-kit 31 installed (scripts/install --test-deps)?"
  # The samples this run may see differ.
  # (An empty list, every sample matching, is no error.)
  { grep -v '^[[:space:]]*\(#\|$\)' Tests/cck/not_yet_matching.txt || true; } | while IFS= read -r line; do
    case "$line" in
      *" (--jobs 4)") if [ "$mode" = jobs ]; then printf '%s\n' "${line% (--jobs 4)}"; fi ;;
      *) printf '%s\n' "$line" ;;
    esac
  done >"$work/allowed.txt"
  while IFS= read -r line; do
    sample="${line%%: *}"
    allowed=false
    if grep -qx "$sample" "$work/allowed.txt"; then allowed=true; fi
    if [ "$line" = "$sample: match" ]; then
      # A sample listed for both runs that matches serially is the serial check's to report.
      if $allowed && { [ "$mode" = serial ] || grep -qx "$sample (--jobs 4)" Tests/cck/not_yet_matching.txt; }; then
        printf '%s matches now: take it off Tests/cck/not_yet_matching.txt%s\n' "$sample" \
          "$([ "$mode" = serial ] && printf ' (or narrow it to "%s (--jobs 4)")' "$sample")" >&2
        problems=$((problems + 1))
      fi
    elif ! $allowed; then
      printf '%s\n' "$line" >&2
      awk -v head="$line" '$0 == head { shown = 1; next } shown && /^  / { print; next } { shown = 0 }' \
        "$work/report.txt" >&2
      problems=$((problems + 1))
    fi
  done < <(grep -E '^[a-z0-9-]+: (match|differs)' "$work/report.txt")
  tail -n 1 "$work/report.txt"
  [ "$problems" -eq 0 ] || fatal "$problems sample(s) disagree with Tests/cck/not_yet_matching.txt"
}
