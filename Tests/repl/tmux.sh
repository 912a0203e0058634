# Sourced by the REPL checks that drive fscript in tmux (after ../cli/common.sh): `start_repl` opens the REPL
# in a pane of its own tmux server, `keys` types, `screen` reads the pane, `await_screen PATTERN [COUNT]` waits
# (10 s at most) until COUNT lines (default one) match the grep -E pattern. Needs $work; stops the server on exit.
command -v tmux >/dev/null || fatal "tmux is missing (apt-get install tmux)"
socket="fscript-repl-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

start_repl() {
  tmux -L "$socket" new-session -d -s repl -x 200 -y 60 \
    "HOME='$work' '$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")'; echo \"exit status \$?\"; sleep 30"
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
