#!/usr/bin/env bash
# Checks `fscript init`: in an empty folder it writes the project file, a first test, .luarc.json and
# .luacheckrc; the suite then passes as it is; Debian's luacheck finds no undefined global in the test; and a
# second init changes nothing and says which files are in the way.
source "$(dirname "$0")/common.sh"
command -v luacheck >/dev/null || fatal "luacheck is missing (apt-get install lua-check)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
abs_bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
mkdir -p "$work/suite"
(cd "$work/suite" && "$abs_bin" init >"$work/init.out") || fatal "fscript init failed"
for file in fscript.project.lua tests/first_test.lua .luarc.json .luacheckrc; do
  [ -f "$work/suite/$file" ] || fatal "fscript init did not write $file"
done
grep -q '"workspace.library": \[".*/meta"' "$work/suite/.luarc.json" || fatal ".luarc.json does not point at the annotations"
(cd "$work/suite" && "$abs_bin" tests/ >"$work/run.out" 2>&1 </dev/null) || fatal "the first test fails: $(cat "$work/run.out")"
grep -q '2 passed, 0 failed' "$work/run.out" || fatal "unexpected run: $(cat "$work/run.out")"
(cd "$work/suite" && luacheck --no-color tests/first_test.lua fscript.project.lua >"$work/luacheck.out" 2>&1) ||
  fatal "luacheck found problems: $(cat "$work/luacheck.out")"
status=0
(cd "$work/suite" && "$abs_bin" init >/dev/null 2>"$work/again.err") || status=$?
[ "$status" -eq 2 ] || fatal "a second init should refuse with exit 2, got $status"
grep -q 'fscript.project.lua, tests/first_test.lua, .luarc.json, .luacheckrc already exist' "$work/again.err" ||
  fatal "unexpected refusal: $(cat "$work/again.err")"
echo "init_test: ok"
