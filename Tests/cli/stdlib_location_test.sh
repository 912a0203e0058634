#!/usr/bin/env bash
# An installed binary (`<prefix>/bin/fscript` with its stdlib in `<prefix>/share/fscript/stdlib`) names the stdlib's
# files by their plain path in messages and tracebacks, without the `bin/..` it found them through.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
prefix="$work/nu/.local"
mkdir -p "$prefix/bin" "$prefix/share/fscript"
# A hard link costs nothing where the build is on the same disk; a copy elsewhere.
ln "$bin" "$prefix/bin/fscript" 2>/dev/null || cp "$bin" "$prefix/bin/fscript"
cp -R stdlib "$prefix/share/fscript/stdlib"
printf 'scenario("fails", function() error("boom") end)\n' >"$work/one_test.lua"

status=0
(cd "$work" && env -u FSCRIPT_STDLIB "$prefix/bin/fscript" one_test.lua) >"$work/run.out" 2>&1 || status=$?
[ "$status" -eq 1 ] || fatal "a failing scenario: exit $status, expected 1: $(cat "$work/run.out")"
# Lua cuts a long file name to its last 60 characters ("…/nu/.local/share/…"), so the check is on its tail.
grep -qF "/nu/.local/share/fscript/stdlib/fscript/run/scenario.lua:" "$work/run.out" ||
  fatal "the traceback does not name the installed stdlib by its plain path: $(cat "$work/run.out")"
! grep -qF "/bin/../" "$work/run.out" || fatal "a stdlib path shows bin/..: $(cat "$work/run.out")"
path="$(env -u FSCRIPT_STDLIB "$prefix/bin/fscript" -e 'io.write(package.path)')"
[[ "$path" == "$prefix/share/fscript/stdlib/?.lua;"* ]] || fatal "package.path does not start at the stdlib: $path"
echo "stdlib location: an installed binary's stdlib files show as $prefix/share/fscript/stdlib/…, not bin/../share"
