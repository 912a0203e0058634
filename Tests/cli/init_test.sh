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
# The stdlib path is relative to the suite (a committed .luarc.json works on every checkout beside fscript).
lib="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["workspace.library"][1])' "$work/suite/.luarc.json")"
case "$lib" in /*) fatal ".luarc.json names the stdlib by an absolute path: $lib" ;; esac
[ -f "$work/suite/$lib/meta/frank.lua" ] || fatal ".luarc.json's stdlib $lib is not the stdlib, seen from the suite"
(cd "$work/suite" && "$abs_bin" tests/ >"$work/run.out" 2>&1 </dev/null) || fatal "the first test fails: $(cat "$work/run.out")"
grep -q '2 passed, 0 failed' "$work/run.out" || fatal "unexpected run: $(cat "$work/run.out")"
(cd "$work/suite" && luacheck --no-color tests/first_test.lua fscript.project.lua >"$work/luacheck.out" 2>&1) ||
  fatal "luacheck found problems: $(cat "$work/luacheck.out")"
# An app file's constructors are known to luacheck; a misspelt one is still caught.
mkdir -p "$work/suite/apps"
cat >"$work/suite/apps/shop.lua" <<'LUA'
return { screens = { main = screen{ label{ text = "Hi" }, button{ title = "Buy" }, spinner{ animating = true },
  table_view{ rows = { "a" } }, segmented{ segments = { "S", "L" } }, text_field{}, switch{}, slider{},
  cell{}, image{}, progress{}, scroll_view{}, view{} } } }
LUA
(cd "$work/suite" && luacheck --no-color apps/shop.lua >"$work/luacheck-app.out" 2>&1) ||
  fatal "luacheck does not know the app file's constructors: $(cat "$work/luacheck-app.out")"
printf 'return { screens = { main = screen{ buton{ title = "Buy" } } } }\n' >"$work/suite/apps/typo.lua"
if (cd "$work/suite" && luacheck --no-color apps/typo.lua >"$work/luacheck-typo.out" 2>&1); then
  fatal "luacheck took buton{} in an app file"
fi
grep -q "accessing undefined variable 'buton'" "$work/luacheck-typo.out" || fatal "luacheck: $(cat "$work/luacheck-typo.out")"
rm -r "$work/suite/apps"
status=0
(cd "$work/suite" && "$abs_bin" init >/dev/null 2>"$work/again.err") || status=$?
[ "$status" -eq 2 ] || fatal "a second init should refuse with exit 2, got $status"
grep -q 'fscript.project.lua, tests/first_test.lua, .luarc.json, .luacheckrc already exist' "$work/again.err" ||
  fatal "unexpected refusal: $(cat "$work/again.err")"
echo "init_test: ok"
