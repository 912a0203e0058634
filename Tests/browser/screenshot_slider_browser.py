#!/usr/bin/python3
"""The HTML report's screenshot comparison in headless Chromium (Debian's chromium, chromium-driver and
python3-selenium).

screenshot_slider_browser.py REPORT_HTML BASELINE_NAME

On the report of a run where a screenshot check failed: the page opens without console errors and fetches
nothing; the failed check shows the expected and the actual picture stacked, both loaded, and the diff; the slider
starts in the middle, showing the actual picture's right half, and moving it with the keyboard to either end shows
all of the expected picture (Home) or all of the actual one (End).
"""
import re
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from headless import assert_clean, chromium, fail

report, baseline = sys.argv[1], sys.argv[2]


driver = chromium(1200, 900)
try:
    driver.get("file://" + report)
    boxes = driver.find_elements(By.CSS_SELECTOR, f'.shotcheck[data-baseline="{baseline}"]')
    if len(boxes) != 1:
        fail(f"expected one comparison for baseline {baseline!r}, found {len(boxes)}")
    box = boxes[0]
    for kind in ("expected", "actual", "diff"):
        image = box.find_element(By.CSS_SELECTOR, "img." + kind)
        if not driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image):
            fail(f"the {kind} picture did not load")
    actual = box.find_element(By.CSS_SELECTOR, "img.actual")
    expected = box.find_element(By.CSS_SELECTOR, "img.expected")
    if actual.rect["x"] != expected.rect["x"] or actual.rect["y"] != expected.rect["y"]:
        fail(f"the pictures are not stacked: expected at {expected.rect}, actual at {actual.rect}")

    def hidden_share():
        """How much of the actual picture, from the left, the clip hides: 50 for inset(0px 0px 0px 50%)."""
        clip = driver.execute_script("return getComputedStyle(arguments[0]).clipPath", actual)
        match = re.fullmatch(r"inset\(0px 0px 0px ([\d.]+)(%|px)\)|inset\(0px\)", clip)
        if not match:
            fail(f"the actual picture's clip is {clip!r}, not an inset from the left")
        return float(match.group(1) or 0)

    if hidden_share() != 50:
        fail(f"the slider does not start in the middle: {hidden_share()}% of the actual picture hidden")
    slider = box.find_element(By.CSS_SELECTOR, "input.slider")
    slider.send_keys(Keys.HOME)
    if slider.get_attribute("value") != "0" or hidden_share() != 0:
        fail(f"at the left end the actual picture should show whole: {hidden_share()}% hidden")
    slider.send_keys(Keys.END)
    if slider.get_attribute("value") != "100" or hidden_share() != 100:
        fail(f"at the right end the expected picture should show whole: {hidden_share()}% of the actual hidden")

    assert_clean(driver)
    print("screenshot_slider_browser: passed")
finally:
    driver.quit()
