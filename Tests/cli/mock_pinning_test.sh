#!/usr/bin/env bash
# Checks `fscript mock --pin-event-loops`: it says where its event loops run, each of them may then run on that one
# CPU only (as the kernel reports in /proc), every CPU the process may use gets a loop before any gets two, it
# answers, and under `taskset` it keeps to the CPUs it was given. Without the flag, loops are left free.
source "$(dirname "$0")/common.sh"
command -v curl >/dev/null || fatal "curl is missing"
command -v taskset >/dev/null || fatal "taskset is missing (util-linux)"

work="$(mktemp -d)"
cleanup() {
  cleanup_servers
  rm -rf "$work"
}
trap cleanup EXIT

# The Cpus_allowed_list of each of process $1's event loop threads, one line each.
loop_masks() {
  local task
  for task in /proc/"$1"/task/*; do
    case "$(cat "$task/comm")" in NIO-*) awk '/^Cpus_allowed_list:/ { print $2 }' "$task/status" ;; esac
  done
}

allowed="$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status)"
mkdir -p "$work/mappings"
printf '%s\n' '{"request": {"method": "GET", "url": "/pinned"}, "response": {"status": 200, "body": "pinned"}}' \
  >"$work/mappings/pinned.json"

start_server pinned mock --port 0 --mappings "$work" --pin-event-loops
said="$(grep -o 'event loops pinned to CPUs .*' "$work/pinned.err" || true)"
[ -n "$said" ] || fatal "--pin-event-loops did not say where the loops run: $(cat "$work/pinned.err")"
masks="$(loop_masks "$server")"
[ -n "$masks" ] || fatal "no event loop threads found in /proc/$server/task"
[ "$(echo "$said" | sed 's/.*CPUs //; s/, /\n/g')" = "$masks" ] ||
  fatal "the loops run on '$(echo $masks)', not on what it said: $said"
while read -r mask; do
  [[ "$mask" =~ ^[0-9]+$ ]] || fatal "an event loop may run on CPUs $mask, not on one (process allowed: $allowed)"
done <<<"$masks"
loops="$(echo "$masks" | wc -l)"
cpus="$(echo "$masks" | sort -u | wc -l)"
available="$(nproc)"
expected=$((loops < available ? loops : available))
[ "$cpus" -eq "$expected" ] || fatal "$loops loops on $cpus CPUs of $available: every CPU should get a loop before one gets two"
[ "$(curl -s "$url/pinned")" = pinned ] || fatal "the pinned mock did not answer its stub"

# Kept to the CPUs it may use: under taskset to the last CPU, every loop goes there.
pinned_to="$(echo "$masks" | tr '\n' ',' | sed 's/,$//')"
last="$(echo "$masks" | sort -n | tail -n 1)"
taskset -c "$last" "$bin" mock --port 0 --pin-event-loops >"$work/one_cpu.out" 2>"$work/one_cpu.err" &
pids+=($!)
for _ in $(seq 1000); do
  grep -q http "$work/one_cpu.out" 2>/dev/null && break
  sleep 0.01
done
one_url="$(grep -o 'http://[0-9.]*:[0-9]*' "$work/one_cpu.out" || true)"
[ -n "$one_url" ] || fatal "fscript mock --pin-event-loops under taskset -c $last printed no URL: $(cat "$work/one_cpu.err")"
one_masks="$(loop_masks "${pids[-1]}")"
[ "$(echo "$one_masks" | sort -u)" = "$last" ] || fatal "under taskset -c $last the loops run on '$(echo $one_masks)'"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$one_url/__admin/mappings")" = 200 ] || fatal "the mock under taskset did not answer"

# Without the flag nothing is pinned: every loop may run wherever the process may.
start_server free mock --port 0
grep -q 'pinned' "$work/free.err" && fatal "a mock without --pin-event-loops said it pinned: $(cat "$work/free.err")"
while read -r mask; do
  [ "$mask" = "$allowed" ] || fatal "without --pin-event-loops a loop may run on $mask only (process allowed: $allowed)"
done <<<"$(loop_masks "$server")"

echo "mock_pinning_test: ok ($loops loops on CPUs $pinned_to, allowed $allowed; under taskset -c $last: all on $last)"
