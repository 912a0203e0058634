#!/usr/bin/python3
"""The HTML report as it opens, in headless Chromium (Debian's chromium, chromium-driver and python3-selenium).

report_opening_browser.py REPORT_HTML

On the report of a run with a failed scenario (whose trace is embedded, opened on the failed step): the page opens
at its top, not scrolled to the trace (a headless screenshot of it came out blank), and the trace still shows the
failed step as the current one.
"""
import sys
import time

from selenium.webdriver.common.by import By

from headless import assert_clean, chromium, fail

report = sys.argv[1]

driver = chromium(1000, 900)
try:
    driver.get("file://" + report)
    current = driver.find_elements(By.CSS_SELECTOR, ".current")
    if not current:
        fail("the embedded trace selected no step on opening")
    # A scroll a script starts lands within a frame or two; give it the time a person would not notice.
    deadline = time.monotonic() + 1
    while time.monotonic() < deadline:
        offset = driver.execute_script("return window.scrollY")
        if offset != 0:
            fail(f"the page scrolled itself to {offset} px on opening; it must open at its top")
        time.sleep(0.05)
    assert_clean(driver)
finally:
    driver.quit()
print("report opening: at the top, the trace on its failed step")
