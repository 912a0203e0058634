#!/usr/bin/env bash
# Checks what a start of fscript loads: `fscript -e ''` maps neither cairo (opened on the first screenshot, which
# still draws a real PNG) nor libedit (opened by the REPL, which Tests/repl/repl_test.sh drives).
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Prints the mapped libraries whose names match the Lua pattern in $1.
mapped() {
  "$bin" -e "for line in io.lines('/proc/self/maps') do
    local path = line:match('%s(/%S+)$')
    if path and path:find('$1') then print(path) end
  end" | sort -u
}

[ -z "$(mapped 'libcairo')" ] || fatal "fscript -e maps cairo at start: $(mapped 'libcairo')"
[ -z "$(mapped 'libedit')" ] || fatal "fscript -e maps libedit at start: $(mapped 'libedit')"

# The first screenshot opens cairo and draws a PNG.
"$bin" -e "app:screenshot('$work/shot.png')
  for line in io.lines('/proc/self/maps') do if line:find('libcairo', 1, true) then return end end
  error('a screenshot was drawn without cairo mapped')" || fatal "screenshot with cairo opened on demand failed"
[ "$(head -c 8 "$work/shot.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fatal "not a PNG"
echo "startup_test: ok"
