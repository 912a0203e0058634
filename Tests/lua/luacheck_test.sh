#!/usr/bin/env bash
# luacheck over the Lua stdlib and the Lua tests, with the repository's .luacheckrc: any warning fails. Without
# luacheck (Debian's lua-check, which `scripts/install --test-deps` installs) it says so and skips, but under
# CI=true it is required.
set -euo pipefail
cd "$(dirname "$0")/../.."
fatal() { printf '** ERROR: %s\n' "$*" >&2; exit 1; }

if ! command -v luacheck >/dev/null; then
  [ "${CI:-}" != true ] || fatal "luacheck is missing and required under CI=true (apt-get install lua-check)"
  printf 'skipped: luacheck_test needs luacheck (apt-get install lua-check)\n'
  exit 0
fi
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
luacheck --no-color --formatter plain stdlib Tests/lua >"$out" 2>&1 ||
  fatal "luacheck found $(grep -c . "$out") problem(s) in stdlib/ and Tests/lua:"$'\n'"$(cat "$out")"
echo "luacheck_test: stdlib/ and Tests/lua are clean"
