#!/usr/bin/env bash
# Checks that a parallel run writes the serial run's Cucumber Messages on the Compatibility Kit: each sample (its
# feature files from the installed kit, its Lua step definitions from Tests/cck, its arguments) runs serially and
# with --jobs 4, and the two streams, normalized (ids renamed in order of appearance, timestamps and durations
# zeroed, meta left out), are equal. A sample whose arguments set --order (which a parallel run refuses) is left
# out and named.
source "$(dirname "$0")/common.sh"

kit_dir() {
  python3 -c 'import cucumber_compatibility_kit as k, os; print(os.path.join(os.path.dirname(k.__file__), "features"))' \
    2>/dev/null
}
kit="$(kit_dir || true)"
if [ -z "$kit" ]; then
  scripts/install --deps-only --test-deps >&2 || fatal "cannot install the test dependencies (scripts/install --test-deps)"
  kit="$(kit_dir || true)"
fi
[ -n "$kit" ] && [ -d "$kit" ] || fatal "the cucumber-compatibility-kit package is not installed"
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
root="$PWD"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
equal=0
total=0
left_out=()
for dir in "$kit"/*/; do
  name="$(basename "$dir")"
  args="$(sed 's/--error//' "$dir/$name.arguments.txt" 2>/dev/null || true)"
  case "$args" in *--order*) left_out+=("$name"); continue ;; esac
  [ -d "Tests/cck/$name/step_definitions" ] || fatal "no step definitions for the sample $name in Tests/cck"
  total=$((total + 1))
  into="$work/$name/samples/$name"
  mkdir -p "$into/step_definitions"
  cp "Tests/cck/$name/step_definitions/"*.lua "$into/step_definitions/"
  for f in "$dir"/*.feature "$dir"/*.feature.md; do if [ -e "$f" ]; then cp "$f" "$into/"; fi; done
  # shellcheck disable=SC2086 # the sample's arguments are words
  (cd "$work/$name" && CCK_SAMPLE_DIR="$dir" "$bin" "samples/$name" --report "message:$work/$name/serial.ndjson" \
    $args >"$work/$name/serial.out" 2>&1 </dev/null) || true
  # shellcheck disable=SC2086
  (cd "$work/$name" && CCK_SAMPLE_DIR="$dir" "$bin" --jobs 4 "samples/$name" \
    --report "message:$work/$name/jobs.ndjson" $args >"$work/$name/jobs.out" 2>&1 </dev/null) || true
  [ -s "$work/$name/serial.ndjson" ] || fatal "$name: the serial run wrote no messages: $(tail -5 "$work/$name/serial.out")"
  [ -s "$work/$name/jobs.ndjson" ] || fatal "$name: the --jobs 4 run wrote no messages: $(tail -5 "$work/$name/jobs.out")"
  python3 "$root/Tests/cli/fixtures/normalize_messages.py" "$work/$name/serial.ndjson" >"$work/$name/a"
  python3 "$root/Tests/cli/fixtures/normalize_messages.py" "$work/$name/jobs.ndjson" >"$work/$name/b"
  diff "$work/$name/a" "$work/$name/b" >"$work/$name/diff" ||
    fatal "$name: --jobs 4 wrote other messages than the serial run: $(head -c 2000 "$work/$name/diff")"
  equal=$((equal + 1))
done
[ "$total" -ge 40 ] || fatal "only $total samples found in $kit"
echo "messages_cck_jobs_test: passed ($equal/$total samples equal with --jobs 4; left out for --order: ${left_out[*]:-none})"
