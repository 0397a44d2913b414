#!/usr/bin/python3
"""Loads a `cleartouch test --sweep ... --report DIR` page (DIR/sweep.html) in headless
Chromium (selenium + chromedriver), once with JavaScript and once without, and prints what
it shows as one JSON object on stdout:

  {"with_script": {...}, "without_script": {...}}

each with the plot's size on screen, its points ([value, passed, total, x, y] on screen,
left to right), whether the line is drawn, the table's rows, the requests for anything
but the page itself, and the console errors. CleartouchTests' SweepPageBrowserTests runs
it and compares with the sweep's table.

usage: check_sweep_page.py PAGE.html
"""
import json
import pathlib
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def look(page, javascript):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1000,800",
                     "--no-first-run", "--disable-background-networking"]:
        options.add_argument(argument)
    if not javascript:
        # The page must need no script: it is shown with scripts blocked.
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    try:
        driver.get(page.as_uri())
        plot = driver.find_element(By.ID, "sweep-plot")
        points = []
        for circle in driver.find_elements(By.CSS_SELECTOR, "circle.sweep-point"):
            rect = circle.rect
            points.append([float(circle.get_attribute("data-value")),
                           int(circle.get_attribute("data-passed")),
                           int(circle.get_attribute("data-total")),
                           rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2])
        line = driver.find_element(By.ID, "sweep-line")
        rows = [[cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
                for row in driver.find_elements(By.CSS_SELECTOR, "#sweep-table tr")]
        requests = []
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                requests.append(message["params"]["request"]["url"])
        return {
            "plot": [plot.rect["width"], plot.rect["height"]],
            "plot_shown": plot.is_displayed(),
            "line_shown": line.is_displayed() and line.rect["width"] > 0,
            "points": points,
            "rows": [row for row in rows if row],
            "requests": [u for u in requests if u != page.as_uri()],
            "errors": [e["message"] for e in driver.get_log("browser")
                       if e["level"] == "SEVERE"],
        }
    finally:
        driver.quit()


def main():
    page = pathlib.Path(sys.argv[1]).resolve()
    print(json.dumps({"with_script": look(page, True), "without_script": look(page, False)}))


if __name__ == "__main__":
    main()
