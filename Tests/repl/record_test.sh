#!/usr/bin/env bash
# `fscript record FILE.lua` in a real terminal (tmux): the commands that ran go into the script as they run (a
# failed command and an `=expr` line do not), and the script passes when run with fscript.
source "$(dirname "$0")/../cli/common.sh"

work="$(mktemp -d)"
source "$(dirname "$0")/tmux.sh"
script="$work/session.lua"
start_repl record "$script"
await_screen "recording into $script"
await_screen '^>( |$)'
keys "When 'I type \"alice\" into the \"User name\" text field'" Enter
await_screen '^>( |$)' 2
keys "app:type_into(\"textField placeholder:'Password'\", 'secret')" Enter
await_screen '^>( |$)' 3
keys "app:touch(\"button marked:'Nope'\")" Enter
await_screen 'Nope' 2
await_screen '^>( |$)' 4
keys "=app:lookup('button'):count()" Enter
await_screen '^>( |$)' 5
keys "When 'I touch the button marked \"Log In\"'" Enter
await_screen '^>( |$)' 6
keys "Then 'I wait to see \"Welcome, alice\"'" Enter
await_screen '^>( |$)' 7
keys C-d
await_screen '^exit status 0'
grep -q 'Nope' "$script" && fatal "the failed command was recorded: $(cat "$script")"
grep -q 'count()' "$script" && fatal "the =expr line was recorded: $(cat "$script")"
[ "$(grep -c . "$script")" = 5 ] || fatal "expected a header and four commands: $(cat "$script")"
# The header says how to run it on the target it was recorded on (the demo app here; --web, --target and --app
# are worded by the inspector's InspectCommand.runCommand, checked in ActionScriptTests).
head -n 1 "$script" | grep -qF -- "Run: fscript $script" || fatal "the header does not say how to run it: $(head -n 1 "$script")"
"$bin" "$script" >"$work/replay.log" 2>&1 </dev/null || fatal "the recorded script fails: $(cat "$script") $(cat "$work/replay.log")"
echo "record_test: passed"
