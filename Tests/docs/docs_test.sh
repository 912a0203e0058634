#!/usr/bin/env bash
# Every example of the README and the guide runs (issue 42): check_docs.py runs each Lua and Gherkin block against
# the simulator, compiles the fragments, loads the mapping JSON into the mock, checks each fscript command line
# against the argument parser, and checks every relative link and anchor. Then the same checker must fail on a
# copy of a page with a flag renamed, so a renamed flag breaks this test and not a reader.
source "$(dirname "${BASH_SOURCE[0]}")/../cli/common.sh"
command -v python3 >/dev/null || fatal "python3 not found (scripts/install --test-deps)"
export FSCRIPT_BIN="$bin"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

shopt -s nullglob
reference=(docs/reference/*.md)  # generated pages (scripts/gen-reference): their links only
python3 Tests/docs/check_docs.py README.md docs/*.md --links "${reference[@]}" ||
  fatal "a code block or a link of the docs failed (above)"

# Every page of docs/ is on the README's map.
for page in docs/*.md docs/reference/*.md; do
  grep -qF "]($page" README.md || fatal "$page is not linked from README.md's map of the docs"
done
[ "$(wc -l <README.md)" -le 200 ] || fatal "README.md has $(wc -l <README.md) lines; it keeps to 200 (the rest belongs in docs/)"

# A renamed flag in a copy of the CI page: --durations becomes --duration-file.
sed 's/--durations/--duration-file/g' docs/09-running-in-ci.md >"$work/renamed.md"
grep -q -- '--duration-file' "$work/renamed.md" || fatal "the CI page no longer uses --durations; rename another flag"
if python3 Tests/docs/check_docs.py --only sh,yaml "$work/renamed.md" >"$work/renamed.out" 2>&1; then
  fatal "the checker passed a page with a renamed flag: $(cat "$work/renamed.out")"
fi
grep -qF 'no option --duration-file' "$work/renamed.out" ||
  fatal "the checker failed the renamed page without naming the flag: $(cat "$work/renamed.out")"
printf 'renamed flag caught: %s\n' "$(grep -m1 -F 'no option --duration-file' "$work/renamed.out")"

# A renamed project key in a copy of the first page: the project-file block is refused.
sed 's/poll_interval = /poll_intervl = /' docs/01-getting-started.md >"$work/renamed_key.md"
if python3 Tests/docs/check_docs.py --only lua "$work/renamed_key.md" >"$work/renamed_key.out" 2>&1; then
  fatal "the checker passed a project file with a renamed key: $(cat "$work/renamed_key.out")"
fi
grep -qF "unknown setting 'poll_intervl'" "$work/renamed_key.out" ||
  fatal "the checker failed the renamed key without naming it: $(cat "$work/renamed_key.out")"
printf 'renamed project key caught: %s\n' "$(grep -m1 -oF "unknown setting 'poll_intervl'" "$work/renamed_key.out")"
