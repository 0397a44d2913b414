#!/usr/bin/python3
"""Loads a page cleartouch wrote (`cleartouch view`) in headless Chromium (selenium +
chromedriver) and prints what a hostile text could have changed, as one JSON object:

  {"loaded": the page's own script ran (its status has a frame time),
   "injected": window.__injected, set by any injected script that ran (null when none),
   "title": the <h1>'s text, "document_title": document.title,
   "items": [{text, completed}] the list at the slider's end,
   "texts": every string of the data block, rebuilt by the page's own text(i),
   "errors": console errors (a Content Security Policy violation is one),
   "violations": securitypolicyviolation events seen}

ReplayTests' and CleartouchTests' hostile-text tests run it on pages built from generated
texts and compare what the page shows with the texts themselves.

usage: check_hostile_page.py PAGE.html
"""
import json
import pathlib
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import headless_chromium  # noqa: E402
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def main():
    page = pathlib.Path(sys.argv[1]).resolve()
    driver = headless_chromium.start({"browser": "ALL"})
    try:
        # Violations are counted from before the page's first script (a CDP hook), so an
        # inline script refused while the page loads is seen too.
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source":
            "window.__violations = [];"
            "document.addEventListener('securitypolicyviolation', function (e) {"
            " window.__violations.push(e.violatedDirective + ' ' + e.blockedURI); });"})
        driver.get(page.as_uri())
        status = driver.find_element(By.ID, "status")
        driver.find_element(By.ID, "time").send_keys(Keys.END)
        result = {
            "loaded": status.get_attribute("data-frame-ms") not in (None, ""),
            "frame_ms": status.get_attribute("data-frame-ms"),
            "injected": driver.execute_script("return window.__injected === undefined ? null : String(window.__injected);"),
            "title": driver.find_element(By.TAG_NAME, "h1").text,
            "document_title": driver.execute_script("return document.title;"),
            "items": json.loads(status.get_attribute("data-items") or "[]"),
            "texts": driver.execute_script(
                "return D.texts.map(function (_, i) { return text(i); });"),
            "violations": driver.execute_script("return window.__violations || [];"),
        }
        result["errors"] = headless_chromium.severe_errors(driver)
        print(json.dumps(result))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
