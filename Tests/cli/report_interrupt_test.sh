#!/usr/bin/env bash
# Checks that Ctrl-C and SIGTERM stop report writing and merge-reports at once with exit 130 (issue 41, item 12):
# a run whose reports take seconds to render, signalled once its first report (a small JUnit file) is on disk, and
# merge-reports of its big JSON report, signalled the same way and while it still reads. Each ends with 130
# (it used to go on writing for seconds and exit 1 or 2), says it was interrupted, and leaves no temporary file:
# what is on disk is whole (the JUnit file), the rest is absent.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
pid=""
trap '[ -z "$pid" ] || kill -9 "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
cat >"$work/big.lua" <<'EOF'
-- Serves Tests/cli/report_interrupt_test.sh: 120 scenarios that log 100 KB each, so reports take seconds.
for i = 1, 120 do
  scenario("s" .. i, function()
    for j = 1, 50 do log(string.rep("x", 2000) .. j) end
  end)
end
EOF
"$bin" "$work/big.lua" --report "json:$work/big.json" >"$work/big.out" 2>&1 || fatal "the big run failed: $(tail -5 "$work/big.out")"

# True once process PID catches SIGINT (bit 2 of SigCgt in /proc/PID/status): it is past its start.
catches_sigint() { # PID
  local mask
  mask="$(awk '/^SigCgt:/ { print $2 }' "/proc/$1/status" 2>/dev/null)"
  [ -n "$mask" ] && (( (16#$mask & 2) != 0 ))
}

# Starts fscript ARGS… in the background (output in $work/run.out), waits for FILE to exist, or with no FILE for
# fscript to catch SIGINT (at most 3000 polls, 20 ms apart), sends SIGNAL, and checks the exit status 130 and the
# leftovers in FOLDER.
interrupt() { # LABEL SIGNAL FILE FOLDER ARGS…
  local label="$1" signal="$2" file="$3" folder="$4" polls=0 status=0
  shift 4
  "$bin" "$@" >"$work/run.out" 2>&1 </dev/null &
  pid=$!
  while { [ -n "$file" ] && [ ! -f "$file" ]; } || { [ -z "$file" ] && ! catches_sigint "$pid"; }; do
    kill -0 "$pid" 2>/dev/null || fatal "$label: fscript ended before writing $file: $(tail -5 "$work/run.out")"
    polls=$((polls + 1))
    [ "$polls" -lt 3000 ] || fatal "$label: $file was not written"
    sleep 0.02
  done
  kill "-$signal" "$pid"
  # Bounded: a stuck process is killed after 60 s and fails the status check below.
  timeout 60 tail --pid="$pid" -f /dev/null 2>/dev/null || kill -9 "$pid"
  wait "$pid" 2>/dev/null || status=$?
  pid=""
  [ "$status" -eq 130 ] || fatal "$label: exit $status after SIG$signal, expected 130: $(tail -5 "$work/run.out")"
  grep -qF "interrupted" "$work/run.out" || fatal "$label: no word of the interrupt: $(tail -5 "$work/run.out")"
  [ -z "$(find "$folder" -name '*.tmp')" ] || fatal "$label: temporary files left: $(find "$folder" -name '*.tmp')"
  if [ -n "$file" ]; then
    python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$file" ||
      fatal "$label: $file is not whole"
  fi
  for written in "$folder"/r.json "$folder"/m.ndjson; do
    [ ! -f "$written" ] || python3 -c 'import json, sys; [json.loads(l) for l in open(sys.argv[1])] if sys.argv[1].endswith(".ndjson") else json.load(open(sys.argv[1]))' "$written" ||
      fatal "$label: $written is not whole"
  done
}

for signal in INT TERM; do
  rm -rf "$work/run" "$work/merged"
  interrupt "a run writing reports" "$signal" "$work/run/j.xml" "$work/run" "$work/big.lua" \
    --report "junit:$work/run/j.xml" --report "html:$work/run" --report "json:$work/run/r.json" \
    --report "message:$work/run/m.ndjson"
  interrupt "merge-reports writing" "$signal" "$work/merged/j.xml" "$work/merged" merge-reports \
    "junit:$work/merged/j.xml" "html:$work/merged" "json:$work/merged/r.json" "message:$work/merged/m.ndjson" \
    "$work/big.json"
done
mkdir -p "$work/reading"
interrupt "merge-reports reading" INT "" "$work/reading" merge-reports "json:$work/reading/r.json" "$work/big.json"
echo "report_interrupt_test: passed"
