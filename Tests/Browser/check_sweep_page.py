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

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import headless_chromium  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402


def look(page, javascript):
    # Without JavaScript too: the page must need no script.
    driver = headless_chromium.start(javascript=javascript, window="1000,800")
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
            "errors": headless_chromium.severe_errors(driver),
        }
    finally:
        driver.quit()


def main():
    page = pathlib.Path(sys.argv[1]).resolve()
    print(json.dumps({"with_script": look(page, True), "without_script": look(page, False)}))


if __name__ == "__main__":
    main()
