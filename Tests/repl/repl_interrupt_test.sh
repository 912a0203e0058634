#!/usr/bin/env bash
# Checks the REPL in a real terminal (tmux): Ctrl-C during a 60 s wait returns to the prompt (within 10 s, ten
# times what it takes on an idle machine and far from the wait's end) and keeps what was defined before; Ctrl-C
# at the prompt drops the line being typed; Ctrl-C stops a Lua pattern that backtracks for minutes; Ctrl-D ends it
# with status 0.
source "$(dirname "$0")/../cli/common.sh"

work="$(mktemp -d)"
source "$(dirname "$0")/tmux.sh"
start_repl
await_screen '^>( |$)'
keys 'x = 42' Enter
await_screen '^>( |$)' 2
keys "print('waiting'); app:wait_for(\"label marked:'Never there'\", {timeout = 60})" Enter
await_screen '^waiting'
started=$(now_ms)
keys C-c
await_screen 'interrupted'
await_screen '^>( |$)' 3
elapsed=$(($(now_ms) - started))
[ "$elapsed" -le 10000 ] || fatal "Ctrl-C took $elapsed ms to return to the prompt, expected at most 10000"
keys 'print(x * 2)' Enter
await_screen '^84$'
keys 'error("this line was typed")'
await_screen 'this line was typed'
keys C-c
await_screen '^>( |$)' 5
keys 'print("after")' Enter
await_screen '^after$'
screen | grep -q 'this line was typed"' && screen | grep -q 'stdin:1: this line was typed' &&
  fatal "the line dropped with Ctrl-C was run: $(screen)"
# A Lua pattern that backtracks for minutes inside one C call: Ctrl-C stops it too, and the next line runs.
keys "print('matching'); string.rep('a', 30000):find('.-.-.-.-.-b')" Enter
await_screen '^matching'
keys C-c
keys 'print("after " .. "the pattern")' Enter
await_screen '^after the pattern$'
keys C-d
await_screen 'exit status 0'
echo "repl_interrupt_test: ok"
