#!/usr/bin/python3
"""Loads a `cleartouch test --report` failure page in headless Chromium (selenium +
chromedriver) and prints what it shows, as one JSON object on stdout:

  {"marker": {"ms", "label", "x", "top", "height"}, "timeline": {"left", "top", "width",
   "height"}, "last_frame_ms", "headline", "frame_ms" (where the viewer opened),
   "expected"/"replayed": {"gestures", "actions", "items": [[text, completed]], "notes"},
   "headings" (the expected side's), "service": {"shown", "todo_shown", "gestures",
   "drawn", "rows"} (the gesture service's page),
   "resized_marker_x", "timeline_after_resize": {...}, "button_frame_ms",
   "at": [{"frame_ms", "items"} per asked time], "screen": {"top", "bottom", "window"}
   (the screen's box on load in a 1280x1000 window, before any scrolling), "next_frame_ms"
   (the frame after the one it opened on) and "right_key_frame_ms" (where one press of the
   right arrow key on the slider went), "requests", "errors"}

x is the marker's centre in page pixels, the timeline's box is its drawing area (inside
the border). CleartouchTests' FailurePageBrowserTests runs it.

usage: check_failure_page.py PAGE.html [MS ...]
"""
import json
import pathlib
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import headless_chromium  # noqa: E402

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def marker(driver):
    return driver.execute_script(
        "const m = document.getElementById('first-difference');"
        "const r = m.getBoundingClientRect();"
        "return {ms: Number(m.dataset.ms), label: m.textContent,"
        " x: r.left + window.scrollX + r.width / 2, top: r.top + window.scrollY,"
        " height: r.height};")


def timeline(driver):
    return driver.execute_script(
        "const t = document.getElementById('timeline');"
        "const r = t.getBoundingClientRect();"
        "return {left: r.left + window.scrollX + t.clientLeft,"
        " top: r.top + window.scrollY + t.clientTop, width: t.clientWidth,"
        " height: t.clientHeight};")


def side(driver, name):
    def texts(kind):
        return [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#%s-%s li" % (name, kind))
                if "none" not in (li.get_attribute("class") or "").split()]
    items = [[li.text, "completed" in (li.get_attribute("class") or "").split()]
             for li in driver.find_elements(By.CSS_SELECTOR, "#%s-items li" % name)
             if "none" not in (li.get_attribute("class") or "").split()]
    notes = [p.text for p in driver.find_elements(By.CSS_SELECTOR, "#%s p" % name)]
    return {"gestures": texts("gestures"), "actions": texts("actions"), "items": items,
            "notes": notes}


def service(driver):
    """The gesture service's page (a gesture expectation's): its side panel and what the
    screen shows at the moment the page opened on."""
    status = driver.find_element(By.ID, "status")
    return {
        "shown": driver.find_element(By.ID, "service").is_displayed(),
        "todo_shown": driver.find_element(By.ID, "todo").is_displayed(),
        "gestures": json.loads(status.get_attribute("data-service-gestures") or "[]"),
        "drawn": json.loads(status.get_attribute("data-service-drawn") or "[]"),
        "rows": json.loads(status.get_attribute("data-rows") or "[]"),
    }


def frame_ms(driver):
    return float(driver.find_element(By.ID, "status").get_attribute("data-frame-ms"))


def main():
    page = pathlib.Path(sys.argv[1]).resolve()
    times = [float(t) for t in sys.argv[2:]]
    driver = headless_chromium.start()
    try:
        driver.set_window_size(1280, 1000)
        driver.get(page.as_uri())
        screen = driver.execute_script(
            "const r = document.getElementById('screen').getBoundingClientRect();"
            "return {top: r.top, bottom: r.bottom, window: window.innerHeight};")
        result = {
            "marker": marker(driver), "timeline": timeline(driver),
            "last_frame_ms": driver.execute_script(
                "const d = JSON.parse(document.getElementById('trace-data').textContent);"
                "return d.frames.length ? d.frames[d.frames.length - 1].t : 0;"),
            "headline": driver.find_element(By.ID, "failure-headline").text,
            "frame_ms": frame_ms(driver),
            "expected": side(driver, "expected"), "replayed": side(driver, "replayed"),
            "headings": [h.text for h in driver.find_elements(By.CSS_SELECTOR, "#expected h3")],
            "service": service(driver),
            "screen": screen,
            "next_frame_ms": driver.execute_script(
                "const d = JSON.parse(document.getElementById('trace-data').textContent);"
                "const s = document.getElementById('time');"
                "const k = Math.min(Number(s.value) + 1, d.frames.length - 1);"
                "return d.frames[k].t;"),
        }
        # One press of the right arrow key moves one frame.
        slider = driver.find_element(By.ID, "time")
        slider.send_keys(Keys.ARROW_RIGHT)
        result["right_key_frame_ms"] = frame_ms(driver)
        # The marker follows the timeline when the window changes size.
        driver.set_window_size(1000, 900)
        result["resized_marker_x"] = marker(driver)["x"]
        result["timeline_after_resize"] = timeline(driver)

        result["at"] = []
        for ms in times:
            headless_chromium.seek(driver, ms)
            items = json.loads(driver.find_element(By.ID, "status").get_attribute("data-items"))
            result["at"].append({"frame_ms": frame_ms(driver),
                                 "items": [[i["text"], i["completed"]] for i in items]})
        # The button goes back to the first difference.
        driver.find_element(By.ID, "show-first-difference").click()
        result["button_frame_ms"] = frame_ms(driver)

        result["requests"] = headless_chromium.outside_requests(driver)
        result["errors"] = headless_chromium.console_errors(driver, ("SEVERE", "WARNING"))
        print(json.dumps(result))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
