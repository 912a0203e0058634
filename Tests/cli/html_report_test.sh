#!/usr/bin/env bash
# Checks the HTML report in a real browser (Debian's headless chromium): a run with a failure writes one page
# that opens with no console error and no request outside the page, lists every scenario with its steps, embeds
# the failure's screenshot, and filters by status from the link (#status=failed hides the passed scenarios); it
# opens at its top (Tests/browser/report_opening_browser.py), not scrolled to the failed step of a trace.
source "$(dirname "$0")/common.sh"
command -v chromium >/dev/null || fatal "chromium is missing (apt-get install chromium)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
"$bin" scripts/examples/failing_example.lua scripts/examples/hello.lua --report "html:$work/report" \
  --artifacts "$work/artifacts" >"$work/run.out" 2>&1 </dev/null || status=$?
[ "$status" -eq 1 ] || fatal "expected exit 1 (one failure), got $status: $(cat "$work/run.out")"
page="$work/report/index.html"
[ -f "$page" ] || fatal "no $page"
grep -q 'data:image/png;base64,iVBORw0KGgo' "$page" || fatal "the failure's screenshot is not embedded"
! grep -qE '(src|href)="https?://' "$page" || fatal "the page loads something from the network"
grep -q 'a step that cannot pass' "$page" || fatal "the failed scenario is missing"
grep -q 'What the target showed' "$page" || fatal "the view tree is missing"

browse() {
  timeout 60 chromium --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 "$@" 2>"$work/chrome.err"
}
browse --dump-dom "file://$page#status=failed" >"$work/dom.html" || fatal "chromium could not open the page"
! grep -qiE 'CONSOLE.*(error|uncaught)|Uncaught' "$work/chrome.err" || fatal "console errors: $(grep -i console "$work/chrome.err")"
grep -q 'class="case passed hidden"' "$work/dom.html" || fatal "#status=failed did not hide the passed scenario"
grep -q 'class="case failed"' "$work/dom.html" || fatal "#status=failed hid the failed scenario"
browse --hide-scrollbars --window-size=1000,900 --screenshot="$work/report.png" "file://$page" >/dev/null ||
  fatal "chromium could not take a screenshot"
[ "$(head -c 8 "$work/report.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fatal "the screenshot is not a PNG"
# It opens at its top, though the failed scenario's trace opens on its failed step.
/usr/bin/python3 Tests/browser/report_opening_browser.py "$page" >"$work/opening.out" 2>&1 ||
  fatal "the report's opening: $(cat "$work/opening.out")"
echo "html_report_test: ok"
