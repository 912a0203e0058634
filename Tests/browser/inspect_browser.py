#!/usr/bin/python3
"""The inspector page in headless Chromium (Debian's chromium, chromium-driver and python3-selenium).

inspect_browser.py INSPECTOR_URL TARGET_URL SCRIPT_PATH [SCREENSHOT]

Against `fscript inspect --target TARGET_URL --record SCRIPT_PATH` on the demo app: the page loads without
console errors; clicking the Log In button in the picture selects it and offers `button marked:'Log In'`, which
the target's own /map finds exactly once; a malformed selector shows the parser's message and column; with
Record on, typing the credentials and touching Log In through the page moves the app to the home screen and the
picture and tree follow by themselves (within 5 s, half a long poll's 10 s), the hidden spinner marked (hidden) in
the tree; opening an item and going back, then Save, writes the script.
"""
import json
import sys
import time
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from headless import assert_clean, chromium, fail

inspector, target, script_path = sys.argv[1], sys.argv[2], sys.argv[3]
screenshot = sys.argv[4] if len(sys.argv) > 4 else None


def post(url, body):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def text_of(driver, element_id):
    """An element's text read in the page, so an element the page re-rendered meanwhile is no stale reference."""
    return driver.execute_script(f"return document.getElementById('{element_id}')?.textContent ?? ''")


def frame_of(label):
    """The accessibility frame of the control (button, text field, cell) labelled `label` on the screen now."""
    with urllib.request.urlopen(inspector + "api/state", timeout=10) as response:
        tree = json.load(response)["tree"]
    stack = [tree]
    while stack:
        node = stack.pop()
        if node.get("accessibilityLabel") == label and node.get("class") in ("UIButton", "UITextField", "UITableViewCell"):
            return node["accessibilityFrame"]
        stack.extend(node.get("subviews", []))
    fail(f"no view labelled {label!r} on the screen")


driver = chromium(1400, 900)
wait = WebDriverWait(driver, 10, poll_frequency=0.05)
try:
    driver.get(inspector)
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#boxes .box")) > 3)
    wait.until(lambda d: d.execute_script("return document.getElementById('picture').naturalWidth > 0"))
    picture = driver.find_element(By.ID, "picture")
    size = picture.size

    def click_view(label):
        frame = frame_of(label)
        scale = size["width"] / 375
        x = (frame["origin"]["x"] + frame["size"]["width"] / 2) * scale - size["width"] / 2
        y = (frame["origin"]["y"] + frame["size"]["height"] / 2) * scale - size["height"] / 2
        ActionChains(driver).move_to_element_with_offset(picture, int(x), int(y)).click().perform()

    def act(button_id):
        driver.find_element(By.ID, button_id).click()
        wait.until(lambda d: d.find_element(By.ID, "act-result").text not in ("", "…"))
        result = driver.find_element(By.ID, "act-result")
        if "bad" in result.get_attribute("class"):
            fail(f"{button_id}: {result.text}")
        return result.text

    # Clicking the button in the picture selects it and suggests the selector; the target agrees.
    click_view("Log In")
    wait.until(lambda d: text_of(d, "selected-selector"))
    suggested = text_of(driver, "selected-selector")
    if suggested != "button marked:'Log In'":
        fail(f"the suggestion for Log In is {suggested!r}")
    if driver.find_element(By.CSS_SELECTOR, "#tree li.selected > span").text.split(" ")[0] != "UIButton":
        fail("the tree does not show the button as selected")
    mapped = post(target + "/map", {"query": suggested, "selector_engine": "shelley_compat",
                                     "operation": {"method_name": "accessibilityLabel", "arguments": []}})
    if mapped.get("outcome") != "SUCCESS" or mapped.get("results") != ["Log In"]:
        fail(f"the target's /map for {suggested!r} answered {mapped}")

    # A selector typed in the box highlights what it selects; a malformed one shows the parser's column.
    box = driver.find_element(By.ID, "selector-input")
    box.send_keys("textField")
    wait.until(lambda d: d.find_element(By.ID, "selector-count").text == "2 view(s) selected")
    if len(driver.find_elements(By.CSS_SELECTOR, "#boxes .box.match")) != 2:
        fail("the picture does not highlight the two text fields")
    box.clear()
    box.send_keys("button marked:foo")
    wait.until(lambda d: d.find_element(By.ID, "selector-error").is_displayed())
    error = driver.find_element(By.ID, "selector-error").text
    if "column 15" not in error:
        fail(f"the malformed selector's error does not name column 15: {error!r}")
    box.clear()

    # Record: log in through the page; the picture follows the app to the home screen by itself. It takes about
    # 0.4 s; the limit is generous for a busy machine but half the 10 s a long poll is held, so a page that only
    # refreshed when its wait ran out would still fail.
    driver.find_element(By.ID, "record").click()
    wait.until(lambda d: d.find_element(By.ID, "record").is_selected())
    for label, text in (("User name", "alice"), ("Password", "secret")):
        click_view(label)
        wait.until(lambda d: text_of(d, "selected-selector"))
        field = driver.find_element(By.ID, "type-text")
        field.clear()
        field.send_keys(text)
        act("act-type")
    click_view("Log In")
    wait.until(lambda d: text_of(d, "selected-selector") == "button marked:'Log In'")
    before = driver.find_element(By.ID, "picture").get_attribute("src")
    started = time.monotonic()
    driver.find_element(By.ID, "act-touch").click()
    WebDriverWait(driver, 5, poll_frequency=0.02).until(
        lambda d: "Welcome, alice" in d.find_element(By.ID, "tree").text
        and d.find_element(By.ID, "picture").get_attribute("src") != before)
    followed = time.monotonic() - started

    # Open an item, check a label, go back; save the recording.
    WebDriverWait(driver, 5, poll_frequency=0.05).until(lambda d: "Apples" in d.find_element(By.ID, "tree").text)
    # A hidden view stays in the tree, marked: the home screen's spinner hides once the items arrived.
    hidden = driver.execute_script("return [...document.querySelectorAll('#tree span.hidden')].map(e => e.textContent)")
    if not any(text.startswith("UIActivityIndicatorView") and text.endswith("(hidden)") for text in hidden):
        fail(f"the tree does not mark the hidden spinner; views marked hidden: {hidden}")
    click_view("Apples, 3 kg")
    wait.until(lambda d: "Apples" in text_of(d, "selected-selector"))
    act("act-touch")
    WebDriverWait(driver, 5, poll_frequency=0.05).until(lambda d: "Add to Basket" in d.find_element(By.ID, "tree").text)
    act("act-back")
    WebDriverWait(driver, 5, poll_frequency=0.05).until(lambda d: "Welcome, alice" in d.find_element(By.ID, "tree").text)
    driver.find_element(By.ID, "save").click()
    wait.until(lambda d: d.find_element(By.ID, "save-result").text.startswith("saved"))
    if screenshot:
        # For the README: a view selected, and a selector highlighting what it selects.
        click_view("Settings")
        wait.until(lambda d: "marked:'Settings'" in text_of(d, "selected-selector"))
        box.send_keys("tableViewCell")
        wait.until(lambda d: d.find_element(By.ID, "selector-count").text == "3 view(s) selected")
        driver.save_screenshot(screenshot)

    assert_clean(driver, offline=False)
    print(f"inspect_browser: passed (the picture followed the touch in {followed * 1000:.0f} ms)")
finally:
    driver.quit()
