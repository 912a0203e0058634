#!/usr/bin/python3
"""scripts/bench web, Selenium's side: the flow of flow.lua through Selenium's Python bindings (Debian's
python3-selenium), on the same page through the same chromedriver. Prints one JSON line like flow.lua's.

Selenium is used as its users write it: find an element by CSS or XPath, act on it, read .text; waits are
WebDriverWait conditions where the page changes."""
import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

driver_url, page, profile = sys.argv[1], sys.argv[2], sys.argv[3]
flows = int(os.environ.get("BENCH_WEB_FLOWS", "10"))
options = webdriver.ChromeOptions()
for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            f"--user-data-dir={profile}", "--window-size=1280,800"]:
    options.add_argument(arg)
if os.path.exists("/usr/bin/chromium"):
    options.binary_location = "/usr/bin/chromium"
options.set_capability("unhandledPromptBehavior", "ignore")
driver = webdriver.Remote(command_executor=driver_url, options=options)
wait = WebDriverWait(driver, 5, poll_frequency=0.01)
ops, spent = 0, 0.0


def op(fn):
    global ops, spent
    t0 = time.perf_counter()
    fn()
    spent += time.perf_counter() - t0
    ops += 1


try:
    for round_ in range(1, flows + 1):
        driver.get(page)
        wait.until(EC.element_to_be_clickable((By.CSS_SELECTOR, "form button")))
        # The page's own load (its backend call, which fails offline, then a render) is over before timing starts.
        WebDriverWait(driver, 30, poll_frequency=0.01).until(EC.invisibility_of_element_located((By.ID, "loading")))
        for i in range(1, 4):
            name = f"Item {round_}-{i}"
            op(lambda: driver.find_element(By.CSS_SELECTOR, "input[placeholder='What do you need?']").send_keys(name))
            op(lambda: ActionChains(driver).send_keys(Keys.ENTER).perform())
        op(lambda: driver.find_element(By.CSS_SELECTOR, f"input[aria-label='Bought Item {round_}-2']").click())
        left = []
        op(lambda: left.append(driver.find_element(By.CSS_SELECTOR, "[data-testid='items-left']").text))
        assert left[0] == "2 items left", left
        op(lambda: ActionChains(driver).move_to_element(driver.find_element(By.CSS_SELECTOR, ".help")).perform())
        op(lambda: wait.until(EC.visibility_of_element_located((By.ID, "tip"))))
        op(lambda: driver.find_element(By.CSS_SELECTOR, f"button[aria-label='Remove Item {round_}-1']").click())
        op(lambda: wait.until(EC.alert_is_present()).accept())
        op(lambda: wait.until(EC.invisibility_of_element_located(
            (By.CSS_SELECTOR, f"button[aria-label='Remove Item {round_}-1']"))))
finally:
    driver.quit()
print(json.dumps({"tool": "selenium", "flows": flows, "operations": ops, "seconds_per_flow": round(spent / flows, 4),
                  "ms_per_operation": round(spent / ops * 1000, 2)}))
