#!/usr/bin/env bash
# `fscript port frank` on the corpus (Tests/frank_corpus: Frank-style Ruby step files written for fscript, covering
# every construct the converter translates): the Lua it writes is exactly Tests/frank_corpus/expected (golden
# files, PORT.md too), the feature files are copied untouched, every step is defined, the converted suite passes
# against the corpus app, and a line that was not ported fails the run naming its Ruby file and line (a pending
# step fails saying it is pending). Running it again changes nothing; a Lua file edited since is kept. Without
# Ruby, or with bad arguments, it exits 2 saying what to do. Needs `ruby` (scripts/install --test-deps).
source "$(dirname "$0")/common.sh"

command -v ruby >/dev/null || fatal "fscript port needs ruby for its parser: scripts/install --test-deps installs it"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
corpus=Tests/frank_corpus
out="$work/out"

status=0
"$bin" port frank "$corpus/features" --out "$out" >"$work/port.out" 2>&1 || status=$?
[ "$status" -eq 0 ] || fatal "fscript port failed (exit $status): $(cat "$work/port.out")"
grep -q "23 of 24 step definitions converted whole (95 %), 1 lines not ported" "$work/port.out" ||
  fatal "fscript port's summary: $(cat "$work/port.out")"

# The golden files, exactly; nothing else written but the feature files, copied byte for byte.
(cd "$corpus/expected" && find . -type f | sort) >"$work/expected.list"
(cd "$out" && find . -type f ! -name '*.feature' | sort) >"$work/written.list"
diff "$work/expected.list" "$work/written.list" >&2 || fatal "fscript port wrote other files than $corpus/expected"
while read -r file; do
  diff -u "$corpus/expected/$file" "$out/$file" >&2 || fatal "$out/$file differs from $corpus/expected/$file"
done <"$work/expected.list"
for feature in corpus.feature unported.feature; do
  cmp -s "$corpus/features/$feature" "$out/$feature" || fatal "$feature was not copied untouched"
done

status=0
"$bin" --dry-run "$out" >"$work/dry.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 0 ] || fatal "the converted suite has undefined steps (exit $status): $(cat "$work/dry.out")"

app="$corpus/apps/corpus_app.lua"
status=0
"$bin" --app "$app" --tags 'not @unported' --artifacts "$work/artifacts" "$out" >"$work/run.out" 2>&1 </dev/null ||
  status=$?
[ "$status" -eq 0 ] || fatal "the converted suite failed (exit $status): $(cat "$work/run.out")"
grep -q "8 passed, 0 failed" "$work/run.out" || fatal "the converted suite: $(tail -3 "$work/run.out")"

status=0
"$bin" --app "$app" --tags @unported --artifacts "$work/artifacts" "$out" >"$work/unported.out" 2>&1 </dev/null ||
  status=$?
[ "$status" -eq 1 ] || fatal "a line not ported: exit $status, expected 1: $(cat "$work/unported.out")"
grep -q "not ported: step_definitions/unported_steps.rb:4: binding.pry" "$work/unported.out" ||
  fatal "the failure does not name the Ruby file and line: $(cat "$work/unported.out")"
grep -q "pending: waiting for the checkout screen" "$work/unported.out" ||
  fatal "a pending step does not fail saying so: $(cat "$work/unported.out")"
grep -q "0 passed, 2 failed" "$work/unported.out" || fatal "the unported run: $(tail -3 "$work/unported.out")"

# Idempotent: again, nothing changes; an edited Lua file is kept, and both the console and PORT.md say so.
cp -R "$out" "$work/before"
"$bin" port frank "$corpus/features" --out "$out" >"$work/again.out" 2>&1 || fatal "the second port failed"
diff -r "$work/before" "$out" >&2 || fatal "porting again changed the output"
printf -- '-- checked by hand\n' >>"$out/step_definitions/fruit_steps.lua"
cp "$out/step_definitions/fruit_steps.lua" "$work/edited.lua"
"$bin" port frank "$corpus/features" --out "$out" >"$work/edited.out" 2>&1 || fatal "the third port failed"
cmp -s "$work/edited.lua" "$out/step_definitions/fruit_steps.lua" || fatal "fscript port overwrote an edited file"
grep -q "kept $out/step_definitions/fruit_steps.lua: edited since" "$work/edited.out" ||
  fatal "fscript port does not say it kept the edited file: $(cat "$work/edited.out")"
grep -q "Kept as it was" "$out/PORT.md" || fatal "PORT.md does not say the edited file was kept"

# Without Ruby on PATH (only what the port itself runs), and with bad arguments: exit 2, saying what to do.
mkdir "$work/bin"
for tool in find mkdir; do ln -s "$(command -v "$tool")" "$work/bin/$tool"; done
status=0
PATH="$work/bin" "$bin" port frank "$corpus/features" --out "$work/noruby" >"$work/noruby.out" 2>&1 || status=$?
[ "$status" -eq 2 ] || fatal "without ruby: exit $status, expected 2: $(cat "$work/noruby.out")"
grep -q "no \`ruby\` is on PATH: install it" "$work/noruby.out" || fatal "without ruby: $(cat "$work/noruby.out")"
status=0
"$bin" port frank "$work/missing" --out "$work/x" >"$work/missing.out" 2>&1 || status=$?
[ "$status" -eq 2 ] && grep -q "is not a folder" "$work/missing.out" ||
  fatal "a missing features folder: exit $status: $(cat "$work/missing.out")"
status=0
"$bin" port calabash "$corpus/features" --out "$work/x" >"$work/kind.out" 2>&1 || status=$?
[ "$status" -eq 2 ] && grep -q "fscript ports 'frank' suites" "$work/kind.out" ||
  fatal "an unknown suite kind: exit $status: $(cat "$work/kind.out")"
echo "frank_port_test: passed"
