#!/usr/bin/env bash
# Traces from the command line: a bad --trace (flag or project key) is a usage error naming the values; the
# default (retain-on-failure) keeps a failed scenario's trace and says where, or why it could not; show-trace checks a trace, refuses a
# missing or foreign file with exit 2, and without a terminal only prints where the file is; the HTML report of the
# failed scenario, in headless Chromium (Tests/browser/trace_browser.py), shows its trace: the steps, pictures
# before and after that differ, the touched button outlined, the login request of the failing step, arrow keys
# moving through the steps, no console error and nothing fetched. A scenario that failed outside any step shows its
# error under the trace's header.
source "$(dirname "$0")/common.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fixture=Tests/cli/fixtures/trace/wrong_welcome.lua

# A bad value is refused before anything runs, naming the flag and the values it takes.
status=0
"$bin" "$fixture" --trace always >"$work/bad.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 2 ] || fatal "--trace always: expected exit 2, got $status: $(cat "$work/bad.out")"
grep -q "\-\-trace must be one of on, off, retain-on-failure, got 'always'" "$work/bad.out" ||
  fatal "--trace always: the message does not name the values: $(cat "$work/bad.out")"
mkdir -p "$work/project"
cp "$fixture" "$work/project/"
echo "return { trace = 'sometimes' }" >"$work/project/fscript.project.lua"
absolute_bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
status=0
(cd "$work/project" && "$absolute_bin" wrong_welcome.lua >"$work/bad-project.out" 2>&1 </dev/null) || status=$?
[ "$status" -eq 2 ] || fatal "trace = 'sometimes' in the project file: expected exit 2, got $status"
grep -q "trace must be one of on, off, retain-on-failure, got 'sometimes'" "$work/bad-project.out" ||
  fatal "the project file's bad trace is not explained: $(cat "$work/bad-project.out")"

# The default keeps the failed scenario's trace and says where.
status=0
"$bin" "$fixture" --artifacts "$work/art" --report "html:$work/report" >"$work/run.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 1 ] || fatal "expected exit 1 (the scenario fails), got $status: $(cat "$work/run.out")"
trace="$work/art/wrong_welcome/a_wrong_welcome/trace.html"
[ -f "$trace" ] || fatal "no trace at $trace: $(cat "$work/run.out")"
grep -qF "trace: $trace" "$work/run.out" || fatal "the console does not say where the trace is: $(cat "$work/run.out")"
! grep -qE '(src|href)="https?://' "$trace" || fatal "the trace loads something from the network"
# A parallel run says it too, as each worker's case comes back.
status=0
"$bin" "$fixture" --jobs 2 --artifacts "$work/jobs-art" >"$work/jobs.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 1 ] || fatal "--jobs 2: expected exit 1 (the scenario fails), got $status: $(cat "$work/jobs.out")"
grep -qF "trace: $work/jobs-art/wrong_welcome/a_wrong_welcome/trace.html" "$work/jobs.out" ||
  fatal "a --jobs run does not say where the trace is: $(cat "$work/jobs.out")"

# A trace that cannot be written (its folder's parent is a file) is said on the console with the reason, and the
# run is an infrastructure error (exit 2), as for any file fscript could not write.
touch "$work/a-file"
status=0
"$bin" "$fixture" --artifacts "$work/a-file/art" >"$work/unwritable.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 2 ] || fatal "an unwritable trace: expected exit 2 (a file not written), got $status: $(cat "$work/unwritable.out")"
grep -qF "trace not written: $work/a-file/art/wrong_welcome/a_wrong_welcome/trace.html: cannot create" \
  "$work/unwritable.out" || fatal "an unwritable trace is not explained: $(cat "$work/unwritable.out")"
grep -qF "$work/a-file exists and is not a directory" "$work/unwritable.out" ||
  fatal "the reason is not given: $(cat "$work/unwritable.out")"

# show-trace: a valid trace without a terminal is checked and named, and nothing waits.
"$bin" show-trace "$trace" >"$work/show.out" 2>&1 </dev/null || fatal "show-trace on a valid trace: $(cat "$work/show.out")"
grep -qF "$trace (a wrong welcome: failed," "$work/show.out" || fatal "show-trace did not name the trace: $(cat "$work/show.out")"
for bad in "$work/missing.html" "$fixture"; do
  status=0
  "$bin" show-trace "$bad" >"$work/show-bad.out" 2>&1 </dev/null || status=$?
  [ "$status" -eq 2 ] || fatal "show-trace $bad: expected exit 2, got $status"
  grep -qiE "no such file|is not an fscript trace" "$work/show-bad.out" ||
    fatal "show-trace $bad does not say what is wrong: $(cat "$work/show-bad.out")"
done

# The report's trace in a real browser.
[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] ||
  fatal "chromium and chromium-driver are missing (scripts/install --test-deps)"
/usr/bin/python3 -c 'import selenium' 2>/dev/null || fatal "python3-selenium is missing (scripts/install --test-deps)"

# A scenario that fails outside any step (server:verify after a passing step): its trace page, as Chromium renders
# it, shows the failure under the header, and counts "1 step".
status=0
"$bin" Tests/cli/fixtures/trace/verify_fails.lua --artifacts "$work/verify-art" >"$work/verify.out" 2>&1 </dev/null ||
  status=$?
[ "$status" -eq 1 ] || fatal "verify_fails: expected exit 1, got $status: $(cat "$work/verify.out")"
verify_trace="$work/verify-art/verify_fails/verify_fails/trace.html"
[ -f "$verify_trace" ] || fatal "no trace at $verify_trace: $(cat "$work/verify.out")"
timeout 60 /usr/bin/chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
  --disable-extensions --disable-background-networking --dump-dom "file://$verify_trace" >"$work/verify.dom" \
  2>/dev/null || fatal "chromium could not render $verify_trace"
grep -qF '<span> — failed, 1 step, ' "$work/verify.dom" ||
  fatal "the trace header does not read '1 step': $(grep -o '<div class="fs-head">.\{0,200\}' "$work/verify.dom")"
grep -qF '<pre class="fs-error fs-case-error">Tests/cli/fixtures/trace/verify_fails.lua:6: Expected at least 1 request matching GET /api/never, but received 0.' \
  "$work/verify.dom" || fatal "the trace page does not show the scenario's error: $(grep -o '<div class="fs-head">.\{0,300\}' "$work/verify.dom")"
/usr/bin/python3 Tests/browser/trace_browser.py "$work/report/index.html" "${TRACE_SCREENSHOT:-$work/trace.png}" ||
  fatal "the browser checks of the trace failed"
/usr/bin/python3 Tests/browser/trace_browser.py "$trace" "$work/trace-alone.png" ||
  fatal "the browser checks of the trace file on its own failed"
echo "trace_test: passed"
