#!/usr/bin/env bash
# Checks that files are written whole or not at all (issue 41, item 3): on a full disk (a 64 KB tmpfs this test
# mounts and fills), a run's reports and failure artifacts, merge-reports' outputs and port's files each fail with
# exit 2, a message that names the file and the reason, no 0-byte or temporary file left behind, and no "written"
# announcement. Where mounting is refused (not root, a container without the capability) the same checks run
# against an equivalent injected write error: a file size limit (ulimit -f) with SIGXFSZ ignored, so every write
# past it fails with EFBIG.
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
disk="$work/disk"
mkdir -p "$disk"
mounted=0
cleanup() {
  if [ "$mounted" -eq 1 ]; then umount "$disk" 2>/dev/null || umount -l "$disk" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
limited=()
if mount -t tmpfs -o size=64k tmpfs "$disk" 2>"$work/mount.err"; then
  mounted=1
  # Filled to the last block: every write fails with ENOSPC (creating an empty file still works).
  dd if=/dev/zero of="$disk/fill" bs=4k 2>/dev/null || true
  reason="No space left on device"
else
  printf 'full_disk_test: mounting a tmpfs was refused (%s); injecting the write error with ulimit -f instead\n' \
    "$(tr -d '\n' <"$work/mount.err")"
  limited=(bash -c 'trap "" XFSZ; ulimit -f 1; exec "$@"' limited)
  reason="File too large"
fi

cat >"$work/failing.lua" <<'EOF'
-- Serves Tests/cli/full_disk_test.sh: a scenario that fails after touching the app (so artifacts are written).
scenario("fails", function()
  app:dump()
  log(string.rep("report text ", 400))
  error("boom")
end)
EOF

# Runs fscript ARGS… (through the injected limit when there is no tmpfs) and checks exit 2, the file and the
# reason named, no announcement of a written file and nothing empty or temporary left on the disk.
check() { # LABEL FILE_NAMED ARGS…
  local label="$1" named="$2" status=0
  shift 2
  ${limited[@]+"${limited[@]}"} "$bin" "$@" >"$work/out" 2>&1 </dev/null || status=$?
  [ "$status" -eq 2 ] || fatal "$label: exit $status on a full disk, expected 2: $(tail -5 "$work/out")"
  grep -qF "$named" "$work/out" && grep -qF "$reason" "$work/out" ||
    fatal "$label: the error does not name $named and '$reason': $(tail -5 "$work/out")"
  ! grep -qE "^(junit|json|html|cucumber|message|tap) report: " "$work/out" ||
    fatal "$label: a report is announced as written: $(grep -E ' report: ' "$work/out")"
  local empty
  empty="$(find "$disk" -type f \( -size 0 -o -name '*.tmp' \) | head -5)"
  [ -z "$empty" ] || fatal "$label: empty or temporary files left: $empty"
}

check "a run's reports" "$disk/run/j.xml" "$work/failing.lua" --artifacts "$disk/art" \
  --report "junit:$disk/run/j.xml" --report "json:$disk/run/r.json" --report "html:$disk/run/html"
grep -qF "artifact not written: cannot write $disk/art/" "$work/out" ||
  fatal "a failure artifact not written is not said with its file: $(tail -5 "$work/out")"

"$bin" "$work/failing.lua" --report "json:$work/shard.json" >/dev/null 2>&1 || true
[ -s "$work/shard.json" ] || fatal "the shard's report was not written"
check "merge-reports" "$disk/merged/m.xml" merge-reports "junit:$disk/merged/m.xml" "json:$disk/merged/m.json" \
  "$work/shard.json"

if command -v ruby >/dev/null; then
  check "port frank" "$disk/ported/PORT.md" port frank Tests/frank_corpus/features --out "$disk/ported"
  ! grep -q "; $disk/ported/PORT.md" "$work/out" || fatal "port names PORT.md as written: $(cat "$work/out")"
else
  printf 'skipped: port frank on a full disk needs ruby (scripts/install --test-deps)\n'
fi
# Written whole, a report still goes where its path leads: through /dev/stdout into a pipe, and through a link
# into the file it names (the link stays).
cat >"$work/passing.lua" <<'EOF'
-- Serves Tests/cli/full_disk_test.sh: one passing scenario.
scenario("passes", function() end)
EOF
"$bin" "$work/passing.lua" --report tap:/dev/stdout 2>/dev/null | cat >"$work/piped.txt" ||
  fatal "a report to /dev/stdout into a pipe failed"
"$bin" "$work/passing.lua" --report tap:/dev/stdout >"$work/redirected.txt" 2>/dev/null ||
  fatal "a report to /dev/stdout redirected to a file failed"
grep -q "^ok 1 - " "$work/piped.txt" && grep -q "^ok 1 - " "$work/redirected.txt" ||
  fatal "a report to /dev/stdout did not reach the pipe or the file standard output was redirected to"
printf 'old\n' >"$work/real.xml"
ln -s real.xml "$work/link.xml"
"$bin" "$work/passing.lua" --report "junit:$work/link.xml" >/dev/null 2>&1 || fatal "a report through a link failed"
[ -L "$work/link.xml" ] && grep -q "<testsuites" "$work/real.xml" || fatal "a report through a link replaced the link"
echo "full_disk_test: passed ($([ "$mounted" -eq 1 ] && echo "a full tmpfs" || echo "an injected write error"))"
