#!/usr/bin/env bash
# Checks what the REPL shows in a real terminal (tmux): a banner with the version and the target, tables as
# key-sorted literals with cycles marked, a dump as a view tree, a query as what it matches, `help` and
# `help(app)`, `help(mock)` by its name; and what Tab completes: app's wait methods, a class name after view:' and a label on screen after
# marked:', and the rest of a step's text inside Given/When/Then "…".
source "$(dirname "$0")/../cli/common.sh"

work="$(mktemp -d)"
source "$(dirname "$0")/tmux.sh"
start_repl
await_screen '^fscript [0-9.]+ \(Lua 5\.4\) on the embedded simulator running the demo app; help for the API'
keys 't = { b = 2, a = { 1, 2, 3 }, 10 }; t.self = t' Enter
keys 't' Enter
await_screen '^\{ 10, a = \{ 1, 2, 3 \}, b = 2, self = <cycle> \}$'
keys 'app:dump()' Enter
await_screen '^    UIButton label="Log In" \(20, 216, 335×44\)$'
keys 'app:lookup("textField")' Enter
await_screen '^frank.Query\("textField"\): 2 views: "User name", "Password"$'
keys 'help' Enter
await_screen '^  app:wait_for\(sel, \{timeout\}\) +wait until a matching view is visible'
keys 'help(app)' Enter
await_screen '^frank.App: app_exec, device, .*wait_for_idle, wait_until$'
keys 'help(mock)' Enter
await_screen '^the mock module: .*start'
keys 'app:wa' Tab Tab
await_screen '^> app:wait_ *$'
await_screen 'app:wait_for +app:wait_for_absence +app:wait_for_idle +app:wait_until'
keys C-u "app:touch(\"view:'UIB" Tab
await_screen "^> app:touch\\(\"view:'UIButton *\$"
keys C-u "app:touch(\"button marked:'Lo" Tab
await_screen "^> app:touch\\(\"button marked:'Log In *\$"
keys C-u 'Then "I wait to see a n' Tab
await_screen '^> Then "I wait to see a navigation bar titled \{string\} *$'
echo "repl_pretty_test: ok"
