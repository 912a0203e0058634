# Sourced by the REPL checks that drive fscript in tmux (after ../cli/common.sh): `start_repl` opens the REPL
# in a pane of its own tmux server, `keys` types, `screen` reads the pane, `await_screen PATTERN [COUNT]` waits
# (10 s at most) until COUNT lines (default one) match the grep -E pattern. Needs $work; stops the server on exit.
command -v tmux >/dev/null || fatal "tmux is missing (apt-get install tmux)"
socket="fscript-repl-$$"
server_pid=""
# tmux's kill-server signals the server with SIGTERM, which CI blocks (and the server inherits the block), so
# the server is also killed by pid with SIGKILL: its pane's REPL then ends on the hang-up.
stop_tmux() {
  tmux -L "$socket" kill-server 2>/dev/null || true
  [ -z "$server_pid" ] || kill -9 "$server_pid" 2>/dev/null || true
}
trap 'stop_tmux; rm -rf "$work"' EXIT

# `start_repl [ARGS…]`: fscript with these arguments (none: the REPL).
start_repl() {
  local args="" arg
  for arg in "$@"; do args+=" '$arg'"; done
  tmux -L "$socket" new-session -d -s repl -x 200 -y 60 \
    "HOME='$work' '$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")'$args; echo \"exit status \$?\"; sleep 30"
  server_pid="$(tmux -L "$socket" display-message -p '#{pid}')"
}
screen() { tmux -L "$socket" capture-pane -t repl -p -J; }
keys() { tmux -L "$socket" send-keys -t repl "$@"; }
await_screen() {
  local deadline=$((SECONDS + 10)) want="${2:-1}"
  until [ "$(screen | grep -cE -- "$1")" -ge "$want" ]; do
    [ "$SECONDS" -lt "$deadline" ] || fatal "the REPL never showed '$1': $(screen)"
    sleep 0.01
  done
}
