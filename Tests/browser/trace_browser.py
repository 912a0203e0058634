#!/usr/bin/python3
"""A trace in headless Chromium (Debian's chromium, chromium-driver and python3-selenium).

trace_browser.py PAGE [SCREENSHOT]

PAGE is the HTML report of Tests/cli/fixtures/trace/wrong_welcome.lua (its failed scenario's trace embedded) or the
trace file itself. The trace lists the scenario's steps with the failing one selected; its pictures before and
after differ (the login screen, then the home screen); the Log In button it touched is outlined inside the
picture; its requests show the app's POST /api/login with its body and the items request no stub answered with
its near miss; the arrow keys move to the
step before (no request, the typed password) and back; the page logs no error and loads nothing but itself and
data: URLs.
"""
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from headless import assert_clean, chromium, fail

page = sys.argv[1]
screenshot = sys.argv[2] if len(sys.argv) > 2 else None


driver = chromium(1400, 1000)
wait = WebDriverWait(driver, 10, poll_frequency=0.05)


def title():
    return driver.execute_script("return document.querySelector('.fs-trace .fs-title')?.textContent ?? ''")


try:
    driver.get("file://" + page)
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".fs-trace ol.fs-steps li")) >= 5)
    steps = [li.text for li in driver.find_elements(By.CSS_SELECTOR, ".fs-trace ol.fs-steps li")]
    for expected in ("the app uses a mock backend", 'I type "secret" into the "Password" text field',
                     'I log in and should be welcomed as "bob"'):
        if not any(expected in text for text in steps):
            fail(f"the timeline has no step {expected!r}: {steps}")

    # The failing step is selected at first.
    if title() != 'Then I log in and should be welcomed as "bob"':
        fail(f"the selected step is {title()!r}, not the failing one")
    if "failed" not in driver.find_element(By.CSS_SELECTOR, ".fs-trace ol.fs-steps li.current").get_attribute("class"):
        fail("the selected step is not marked failed")

    # Before and after: two loaded pictures that differ.
    wait.until(lambda d: d.execute_script(
        "return Array.from(document.querySelectorAll('.fs-trace .fs-pictures img')).every(i => i.naturalWidth > 0)"))
    sources = [img.get_attribute("src") for img in driver.find_elements(By.CSS_SELECTOR, ".fs-trace .fs-pictures img")]
    if len(sources) != 2 or not all(s.startswith("data:image/png;base64,") for s in sources):
        fail(f"expected two embedded pictures, got {[s[:40] for s in sources]}")
    if sources[0] == sources[1]:
        fail("the pictures before and after the login are the same")

    # The touched button is outlined inside the picture, where the button is (the lower half of the login screen).
    shot = driver.find_element(By.CSS_SELECTOR, ".fs-trace .fs-before .fs-shot")
    box = driver.find_element(By.CSS_SELECTOR, ".fs-trace .fs-before .fs-outline")
    s, b = shot.rect, box.rect
    if not (b["width"] > 20 and b["height"] > 10 and s["x"] <= b["x"] and b["x"] + b["width"] <= s["x"] + s["width"] + 1
            and s["y"] <= b["y"] and b["y"] + b["height"] <= s["y"] + s["height"] + 1):
        fail(f"the outline {b} is not a box inside the picture {s}")

    # The failing step's requests to the mock: the login the stub answered, then the items no stub answers.
    rows = [r.text for r in driver.find_elements(By.CSS_SELECTOR, ".fs-trace tr.fs-request")]
    if len(rows) != 2 or not rows[0].startswith("POST /api/login 200") or '"user":"alice"' not in rows[0]:
        fail(f"the failing step's requests are {rows}")
    if not rows[1].startswith("GET /api/items 404") or "Closest stub: POST /api/login" not in rows[1]:
        fail(f"the items request and its near miss are missing: {rows}")

    if screenshot:
        driver.save_screenshot(screenshot)

    # Arrow keys: up to the step before (typing the password: no request), down back to the failing one.
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_UP)
    wait.until(lambda d: title() == 'And I type "secret" into the "Password" text field')
    if driver.find_elements(By.CSS_SELECTOR, ".fs-trace tr.fs-request"):
        fail("typing the password shows a request")
    body.send_keys(Keys.ARROW_DOWN)
    wait.until(lambda d: title() == 'Then I log in and should be welcomed as "bob"')

    # Clicking a step selects it.
    driver.find_elements(By.CSS_SELECTOR, ".fs-trace ol.fs-steps li")[0].click()
    wait.until(lambda d: title() == "Given the app uses a mock backend")

    assert_clean(driver)
    print("trace_browser: passed")
finally:
    driver.quit()
