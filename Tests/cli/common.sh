# Sourced by the Tests/cli checks: strict mode, the repository as working directory, `fatal`, and `$bin`, the
# fscript binary under test (FSCRIPT_BIN, which scripts/test sets, or the debug build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
fatal() { printf '** ERROR: %s\n' "$*" >&2; exit 1; }
bin="${FSCRIPT_BIN:-.build/debug/fscript}"
[ -x "$bin" ] || fatal "no fscript binary at $bin; build first or set FSCRIPT_BIN"

# The servers a check started (killed by `cleanup_servers`), and the helper that starts one: `start_server NAME
# ARGS…` runs `fscript ARGS…` (a command that prints its URL: serve, mock) with output in $work/NAME.out and
# .err, waits 10 s at most for the URL, and sets $url to it and $server to its pid. Needs $work. A command in
# `server_launcher` (an array, e.g. `taskset -c 0`) runs fscript.
pids=()
server_launcher=()
start_server() {
  local name="$1" deadline
  shift
  ${server_launcher[@]+"${server_launcher[@]}"} "$bin" "$@" >"$work/$name.out" 2>"$work/$name.err" &
  server=$!
  pids+=("$server")
  deadline=$((SECONDS + 10))
  url=""
  while [ -z "$url" ]; do
    url="$(grep -o 'http://[0-9.]*:[0-9]*' "$work/$name.out" 2>/dev/null | head -n 1 || true)"
    kill -0 "$server" 2>/dev/null || [ -n "$url" ] || fatal "fscript $* exited: $(cat "$work/$name.err")"
    [ "$SECONDS" -lt "$deadline" ] || fatal "fscript $* printed no URL within 10 s: $(cat "$work/$name.err")"
    [ -n "$url" ] || sleep 0.01
  done
}

# Stops every server `start_server` started (also one stopped with SIGSTOP).
cleanup_servers() {
  for pid in "${pids[@]+"${pids[@]}"}"; do { kill -CONT "$pid"; kill -9 "$pid" && wait "$pid"; } 2>/dev/null || true; done
}

# Milliseconds on the wall clock, for checks that time how soon something happened.
now_ms() { echo $(($(date +%s%N) / 1000000)); }

# Outside conformance data: `shared_data NAME WHAT` sets $shared_dir to ../shared/NAME beside the clone (as this
# repository's CI has it) and returns 0; without it, prints one line saying that WHAT (the check, or the part of
# it that needs the data) skipped and where the data comes from, notes WHAT in $FSCRIPT_SKIP_LOG (scripts/test
# names the skipped checks again at the end) and returns 1. Under CI=true the data is required: its absence is
# fatal.
shared_data() {
  local name="$1" what="$2" origin
  shared_dir="../shared/$name"
  [ -f "$shared_dir/README.md" ] && return 0
  case "$name" in
    junit) origin="the JUnit schema junit-10.xsd of jenkinsci/xunit-plugin, https://github.com/jenkinsci/xunit-plugin" ;;
    cucumber-json) origin="cucumber/cucumber-json-schema, https://github.com/cucumber/cucumber-json-schema" ;;
    gherkin) origin="cucumber/gherkin's testdata, https://github.com/cucumber/gherkin" ;;
    *) origin="see ../shared/$name/README.md in CI's checkout" ;;
  esac
  local line="$what needs ../shared/$name beside the clone ($origin)"
  [ "${CI:-}" != true ] || fatal "required under CI=true: $line"
  printf 'skipped: %s\n' "$line"
  [ -z "${FSCRIPT_SKIP_LOG:-}" ] || printf '%s\n' "$what" >>"$FSCRIPT_SKIP_LOG"
  return 1
}

# The checks on fscript's headless Chromium: `need_chromium WHAT` returns when chromium and chromium-driver are
# installed, else prints one line saying that WHAT skipped and exits 0 (under CI=true, fatal). It then makes $work,
# and TMPDIR inside it, where fscript puts its browsers' profiles and the web proxy's CA file: `browsers` counts
# exactly the Chromium processes this check started, and the EXIT trap kills them, stops `start_server`'s servers
# and removes $work.
need_chromium() {
  if ! command -v chromedriver >/dev/null || ! command -v chromium >/dev/null; then
    [ "${CI:-}" != true ] || fatal "required under CI=true: chromium and chromium-driver (scripts/install --test-deps)"
    echo "skipped: $1 need chromium and chromium-driver (scripts/install --test-deps)"
    exit 0
  fi
  work="$(mktemp -d)"
  export TMPDIR="$work/tmp"
  mkdir -p "$TMPDIR"
  trap 'cleanup_servers; pkill -9 -f -- "--user-data-dir=$TMPDIR" 2>/dev/null || true; rm -rf "$work"' EXIT
}
browsers() { pgrep -f -- "--user-data-dir=$TMPDIR" | wc -l; }
