#!/usr/bin/env bash
# Checks `fscript mock --pin-event-loops`: it runs one event loop per CPU it may use and says where; the kernel
# (/proc) then lets each loop run on that one CPU only, every CPU with a loop of its own; the mock's worker threads
# (the admin API, stub work) keep every CPU; it answers; under `taskset` it keeps to the CPUs it was given. Without
# the flag, loops are left free.
source "$(dirname "$0")/common.sh"
command -v curl >/dev/null || fatal "curl is missing"
command -v taskset >/dev/null || fatal "taskset is missing (util-linux)"

work="$(mktemp -d)"
cleanup() {
  cleanup_servers
  rm -rf "$work"
}
trap cleanup EXIT

# The Cpus_allowed_list of process $1's threads whose name starts with $2, one line each, in the order of the
# number after '#' in their names (NIO's loop and pool threads are named NIO-SGLTN-1-#0, TP-#3).
masks_of() {
  local task
  for task in /proc/"$1"/task/*; do
    case "$(cat "$task/comm")" in
      "$2"*) printf '%s %s\n' "$(sed 's/.*#//' "$task/comm")" "$(awk '/^Cpus_allowed_list:/ { print $2 }' "$task/status")" ;;
    esac
  done | sort -n | cut -d' ' -f2
}
allowed="$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status)"
# The same as a list of numbers: 0-2,5 is 0 1 2 5.
read -r -a cpus <<<"$(echo "$allowed" | tr ',' '\n' | while IFS=- read -r from to; do seq "$from" "${to:-$from}"; done | tr '\n' ' ')"
mkdir -p "$work/mappings"
printf '%s\n' '{"request": {"method": "GET", "url": "/pinned"}, "response": {"status": 200, "body": "pinned"}}' \
  >"$work/mappings/pinned.json"

start_server pinned mock --port 0 --mappings "$work" --pin-event-loops
said="$(grep -o 'event loops pinned to CPUs .*' "$work/pinned.err" || true)"
[ -n "$said" ] || fatal "--pin-event-loops did not say where the loops run: $(cat "$work/pinned.err")"
masks="$(masks_of "$server" NIO-)"
[ -n "$masks" ] || fatal "no event loop threads found in /proc/$server/task"
[ "$(echo "$said" | sed 's/.*CPUs //; s/, /\n/g')" = "$masks" ] ||
  fatal "the loops run on '$(echo $masks)', not on what it said: $said"
[ "$(echo "$masks" | sort -n | tr '\n' ' ')" = "${cpus[*]} " ] ||
  fatal "the loops run on '$(echo $masks)'; every CPU the process may use (${cpus[*]}) should have one loop"
[ "$(curl -s "$url/pinned")" = pinned ] || fatal "the pinned mock did not answer its stub"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$url/__admin/mappings")" = 200 ] || fatal "the pinned mock's admin API did not answer"
workers="$(masks_of "$server" TP-)"
[ -n "$workers" ] || fatal "no worker threads (TP-#N) found in /proc/$server/task after an admin request"
while read -r mask; do
  [ "$mask" = "$allowed" ] || fatal "a worker thread may run on CPUs $mask only; it should keep every CPU ($allowed)"
done <<<"$workers"

# Kept to the CPUs it may use: under taskset to the first and the last CPU, one loop on each (one loop in all when
# there is one CPU).
first="${cpus[0]}"
last="${cpus[${#cpus[@]} - 1]}"
server_launcher=(taskset -c "$first,$last")
start_server one_cpu_each mock --port 0 --pin-event-loops
server_launcher=()
given="$(masks_of "$server" NIO- | tr '\n' ' ')"
expected="$([ "$first" = "$last" ] && echo "$first " || echo "$first $last ")"
[ "$given" = "$expected" ] || fatal "under taskset -c $first,$last the loops run on '$given', not one on each of $expected"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$url/__admin/mappings")" = 200 ] || fatal "the mock under taskset did not answer"

# Without the flag nothing is pinned: every loop may run wherever the process may.
start_server free mock --port 0
grep -q 'pinned' "$work/free.err" && fatal "a mock without --pin-event-loops said it pinned: $(cat "$work/free.err")"
while read -r mask; do
  [ "$mask" = "$allowed" ] || fatal "without --pin-event-loops a loop may run on $mask only (process allowed: $allowed)"
done <<<"$(masks_of "$server" NIO-)"

echo "mock_pinning_test: ok (loops on CPUs $(echo $masks | tr ' ' ','), workers on $allowed; under taskset -c $first,$last: $given)"
