#!/usr/bin/env bash
# Checks screenshot baselines through `fscript run`, once on the embedded simulator and once on `fscript serve`
# (--target): a first run writes the baseline and fails saying so (exit 1), a rerun passes, so does one with the
# title's text and a box moved by half a pixel, a changed label fails with expected/actual/diff images in the
# artifacts folder and the HTML report shows them with a slider, the same change passes when that label is masked
# (the catalog step), and --update-snapshots rewrites the baseline so the change then passes. Both a Lua test (app:expect_screenshot) and a .feature file (the catalog step). The report's
# slider is checked in headless Chromium (Tests/browser/screenshot_slider_browser.py).
source "$(dirname "$0")/common.sh"

work="$(mktemp -d)"
cleanup() {
  cleanup_servers
  rm -rf "$work"
}
trap cleanup EXIT

app="$PWD/Tests/lua/fixtures/screenshot_app.lua"

# Writes the suite into $1: a Lua test that changes the total when SHOTS_CHANGE is set, and a feature that masks it.
suite() {
  mkdir -p "$1"
  cat >"$1/cart_test.lua" <<'EOF'
scenario("the cart", function()
  app:wait_for("label marked:'Your cart'")
  if os.getenv("SHOTS_CHANGE") then app:touch("button marked:'Change total'") end
  if os.getenv("SHOTS_NUDGE") then
    app:touch("button marked:'Nudge title'")
    app:touch("button marked:'Nudge box'")
  end
  app:expect_screenshot("cart")
end)
EOF
  cat >"$1/cart.feature" <<'EOF'
Feature: The cart
  Scenario: the cart, whatever its total
    Given I wait to see "Your cart"
    When I touch "Change total"
    Then the screen should match the baseline "cart" masking "label marked:'Total: 4 items'"
EOF
}

# run LABEL DIR EXPECTED_CODE [fscript run arguments…]: runs the suite in DIR, output in $work/LABEL.out.
run() {
  local label="$1" dir="$2" expected="$3" code=0
  shift 3
  "$bin" run --artifacts "$dir/artifacts" "$@" "$dir" >"$work/$label.out" 2>&1 || code=$?
  [ "$code" = "$expected" ] || fatal "$label: exit $code, expected $expected: $(cat "$work/$label.out")"
}

check_target() {
  local kind="$1" dir="$work/$1"
  shift
  suite "$dir"
  local lua_base="$dir/__screenshots__/cart_test.lua/cart.simulator.png"
  local feature_base="$dir/__screenshots__/cart.feature/cart.simulator.png"

  run "$kind-first" "$dir" 1 "$@"
  grep -q "no baseline \"cart\" yet: wrote $lua_base" "$work/$kind-first.out" ||
    fatal "$kind: the first run does not say it wrote the baseline: $(cat "$work/$kind-first.out")"
  [ -s "$lua_base" ] && [ -s "$feature_base" ] || fatal "$kind: the baselines were not written beside the tests"

  run "$kind-rerun" "$dir" 0 "$@"
  # The title's text and the box moved by half a pixel pass at the defaults.
  SHOTS_NUDGE=1 run "$kind-nudged" "$dir" 0 "$@"

  SHOTS_CHANGE=1 run "$kind-changed" "$dir" 1 "$@" --report "html:$dir/report"
  grep -q 'the screen differs from baseline "cart" in [0-9]* pixels' "$work/$kind-changed.out" ||
    fatal "$kind: the change was not caught: $(cat "$work/$kind-changed.out")"
  grep -q "1 passed, 1 failed" "$work/$kind-changed.out" ||
    fatal "$kind: the masked feature should pass while the Lua test fails: $(cat "$work/$kind-changed.out")"
  local shots="$dir/artifacts/cart_test/the_cart"
  for image in expected actual diff; do
    [ -s "$shots/cart-$image.png" ] || fatal "$kind: no $image image in $shots: $(ls -R "$dir/artifacts")"
  done
  local html="$dir/report/index.html"
  grep -q 'class="shotcheck"' "$html" || fatal "$kind: the HTML report has no screenshot section"
  grep -q 'class="slider" type="range"' "$html" || fatal "$kind: the HTML report has no slider"
  [ "$(grep -o 'data:image/png;base64' "$html" | wc -l)" -ge 3 ] || fatal "$kind: the images are not embedded"
  cp "$html" "$work/$kind-report.html"

  cp "$lua_base" "$work/$kind-old.png"
  SHOTS_CHANGE=1 run "$kind-update" "$dir" 0 "$@" --update-snapshots
  cmp -s "$lua_base" "$work/$kind-old.png" && fatal "$kind: --update-snapshots left the baseline as it was"
  SHOTS_CHANGE=1 run "$kind-after-update" "$dir" 0 "$@"
  run "$kind-old-screen" "$dir" 1 "$@"
}

check_target embedded --app "$app"

start_server serve serve "$app" --port 0
check_target served --target "$url"

# The two targets draw the same wireframe, so one kind of baseline serves both.
cmp -s "$work/embedded/__screenshots__/cart_test.lua/cart.simulator.png" \
  "$work/served/__screenshots__/cart_test.lua/cart.simulator.png" ||
  fatal "the embedded simulator and fscript serve wrote different baselines"

# The report's slider in headless Chromium: both pictures load, stacked, and the slider uncovers one or the other.
[ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ] ||
  fatal "chromium and chromium-driver are missing (scripts/install --test-deps)"
/usr/bin/python3 -c 'import selenium' 2>/dev/null || fatal "python3-selenium is missing (scripts/install --test-deps)"
/usr/bin/python3 Tests/browser/screenshot_slider_browser.py "$work/embedded-report.html" cart ||
  fatal "the browser check of the report's slider failed"

echo "screenshots_test: ok"
