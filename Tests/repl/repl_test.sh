#!/usr/bin/env bash
# Drives the fscript REPL in a tmux pane: expressions print, multi-line input continues, errors keep the session,
# Ctrl-D exits 0, and history survives a restart. Build first: swift build --product fscript.
set -euo pipefail
cd "$(dirname "$0")/../.."
fatal() { printf '** ERROR: %s\n' "$*" >&2; exit 1; }
command -v tmux >/dev/null || fatal "tmux not found; apt-get install tmux"
binary="${FSCRIPT:-$PWD/.build/debug/fscript}"
[[ -x "$binary" ]] || fatal "no fscript at $binary; run 'swift build --product fscript' first"

home=$(mktemp -d)
session="fscript-repl-$$"
cleanup() { tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$home"; }
trap cleanup EXIT

# Polls the pane until it shows the pattern (grep -E), for at most 10 seconds.
wait_for() {
  local deadline=$((SECONDS + 10))
  until tmux capture-pane -p -t "$session" | grep -qE "$1"; do
    ((SECONDS < deadline)) || { tmux capture-pane -p -t "$session" >&2; fatal "timed out waiting for: $1"; }
    sleep 0.05 # poll interval, not a wait: the loop ends as soon as the pane matches
  done
}

start() {
  # remain-on-exit keeps the pane readable after fscript exits, so the exit status can be checked.
  tmux new-session -d -s "$session" -x 120 -y 40 \
    "HOME='$home' '$binary'; echo \"exit=\$?\"" \; set-option -t "$session" remain-on-exit on
  wait_for '^>$'
}

start
tmux send-keys -t "$session" '40 + 2' Enter
wait_for '^42$'
tmux send-keys -t "$session" 'function twice(x)' Enter
wait_for '^>>$'
tmux send-keys -t "$session" 'return x * 2 end' Enter
tmux send-keys -t "$session" 'twice(21), math.type(twice(1))' Enter
wait_for '^42[[:space:]]+integer$'
tmux send-keys -t "$session" 'error("oops")' Enter
wait_for 'stdin:1: oops'
wait_for 'stack traceback:'
tmux send-keys -t "$session" '"still " .. "here"' Enter
wait_for '^still here$'
tmux send-keys -t "$session" C-d
wait_for '^exit=0$'
tmux kill-session -t "$session"

grep -q 'twice' "$home/.fscript_history" || fatal "history was not written to ~/.fscript_history"
start
tmux send-keys -t "$session" Up
wait_for '^> "still " \.\. "here"$'
tmux send-keys -t "$session" C-u C-d
wait_for '^exit=0$'
printf 'repl_test: all checks passed\n' >&2
