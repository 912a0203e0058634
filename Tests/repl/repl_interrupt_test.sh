#!/usr/bin/env bash
# Checks the REPL in a real terminal (tmux): Ctrl-C during a 20 s wait returns to the prompt within 1 s and keeps
# what was defined before; Ctrl-C at the prompt drops the line being typed; Ctrl-D ends it with status 0.
source "$(dirname "$0")/../cli/common.sh"

work="$(mktemp -d)"
source "$(dirname "$0")/tmux.sh"
start_repl
await_screen '^>( |$)'
keys 'x = 42' Enter
await_screen '^>( |$)' 2
keys "print('waiting'); app:wait_for(\"label marked:'Never there'\", {timeout = 20})" Enter
await_screen '^waiting'
started=$(now_ms)
keys C-c
await_screen 'interrupted'
await_screen '^>( |$)' 3
elapsed=$(($(now_ms) - started))
[ "$elapsed" -le 1000 ] || fatal "Ctrl-C took $elapsed ms to return to the prompt, expected at most 1000"
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
keys C-d
await_screen 'exit status 0'
echo "repl_interrupt_test: ok"
