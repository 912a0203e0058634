#!/usr/bin/env bash
# Shards of one run given different inputs (here --order reverse on one only) split the suite differently, so a
# scenario lands in two shards' reports: merge-reports refuses it (exit 2) and names that likely cause and its fix.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
bin_path="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
trap 'rm -rf "$work"' EXIT
for f in a b c d; do
  printf 'scenario("%s one", function() end)\nscenario("%s two", function() end)\n' "$f" "$f" >"$work/${f}_test.lua"
done
(cd "$work" && "$bin_path" . --shard 1/2 --report json:s1.json >/dev/null 2>&1) || fatal "shard 1 failed"
(cd "$work" && "$bin_path" . --shard 2/2 --order reverse --report json:s2.json >/dev/null 2>&1) || fatal "shard 2 failed"
status=0
(cd "$work" && "$bin_path" merge-reports json:merged.json s1.json s2.json) >"$work/merge.out" 2>&1 || status=$?
[ "$status" -eq 2 ] || fatal "two shards split differently: exit $status, expected 2: $(cat "$work/merge.out")"
grep -qF " is in two reports (s2.json and an earlier one)" "$work/merge.out" ||
  fatal "the scenario in two reports is not named: $(cat "$work/merge.out")"
grep -qF "the shards split differently: give every shard the same files, --durations and --order" "$work/merge.out" ||
  fatal "the likely cause is not said: $(cat "$work/merge.out")"
[ ! -e "$work/merged.json" ] || fatal "a merged report was written"
echo "merge split: shards that split differently are refused with the cause (the same files, --durations, --order)"
