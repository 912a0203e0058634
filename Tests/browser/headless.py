"""Headless Chromium for the browser checks (Debian's chromium, chromium-driver and python3-selenium): one place
for the browser's flags, the failure message every check prints, and the two things every page must show, no
console error and nothing fetched but itself and data: URLs."""
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def fail(message):
    """Ends the check with the suite's error line and a non-zero status."""
    sys.exit("** ERROR: " + message)


def chromium(width, height):
    """A headless Chromium window of the given size that keeps the page's console log for `assert_clean`."""
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}", "--no-first-run", "--disable-extensions",
                 "--disable-background-networking"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingOptions", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(20)
    return driver


def assert_clean(driver, offline=True):
    """Fails when the page logged an error or, for a page that must open offline, fetched anything."""
    if offline:
        fetched = driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith('data:'))")
        if fetched:
            fail(f"the page fetched {fetched}")
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    if errors:
        fail(f"the page logged errors: {errors}")
