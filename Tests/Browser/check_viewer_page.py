#!/usr/bin/python3
"""Loads a `cleartouch view` page in headless Chromium (selenium + chromedriver), moves its
time slider, and prints what the page shows at each time, as one JSON object on stdout:

  {"slider_max": MS, "drag": {...}, "end_key": {...}, "at": [{...} per asked time],
   "played": {...}, "requests": [URLs other than file: and data:], "errors": [console errors]}

Each observation has the slider's value and the page's status: the frame time, the last
action, the actions so far, the gestures in progress, the level, the list, the rows on
screen ([model index, text, y, completed, height, open-item count or null, fill colour,
label colour] top to bottom), the labels' boxes, and (with `view --gesture-config`, the
gesture service's page) the service's gestures begun by then ("3-finger swipe left  in
progress 42%  binding forward"), the ones drawn on the screen with the colour read back
from the canvas, and whether the to-do part of the side panel shows.
ReplayTests' ViewerBrowserTests runs it and compares with `cleartouch replay --json`.

usage: check_viewer_page.py PAGE.html MS [MS ...]
"""
import json
import pathlib
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import headless_chromium  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


def observe(driver):
    status = driver.find_element(By.ID, "status")
    return {
        "slider_ms": float(headless_chromium.slider_ms(driver)),
        "frame_ms": float(status.get_attribute("data-frame-ms")),
        "level": status.get_attribute("data-level"),
        "last_action": status.get_attribute("data-last-action"),
        "actions": json.loads(status.get_attribute("data-actions")),
        "gestures": json.loads(status.get_attribute("data-gestures")),
        "items": json.loads(status.get_attribute("data-items")),
        "rows": json.loads(status.get_attribute("data-rows")),
        "labels": json.loads(status.get_attribute("data-labels")),
        "playing": status.get_attribute("data-playing"),
        # With `view --gesture-config`: the gesture service's gestures begun by then.
        "service_gestures": json.loads(status.get_attribute("data-service-gestures") or "[]"),
        "service_shown": driver.find_element(By.ID, "service").is_displayed(),
        # The to-do part of the side panel (hidden on the gesture service's page).
        "todo_shown": driver.find_element(By.ID, "todo").is_displayed(),
        # The service's gestures drawn on the screen: [label, state, x, y, [r, g, b]], the
        # colour read back from the canvas at (x, y), the middle of the gesture's progress bar.
        "service_drawn": [
            entry + [pixel(driver, entry[2], entry[3])]
            for entry in json.loads(status.get_attribute("data-service-drawn") or "[]")
        ],
    }


def pixel(driver, x, y):
    """The screen canvas's colour at (x, y) in screen pixels (the canvas is scaled)."""
    return driver.execute_script(
        "const c = document.getElementById('screen');"
        "const s = Number(c.dataset.scale);"
        "const d = c.getContext('2d').getImageData(Math.round(arguments[0] * s),"
        " Math.round(arguments[1] * s), 1, 1).data;"
        "return [d[0], d[1], d[2]];", x, y)


def main():
    page = pathlib.Path(sys.argv[1]).resolve()
    times = [float(t) for t in sys.argv[2:]]
    driver = headless_chromium.start()
    try:
        driver.get(page.as_uri())
        slider = driver.find_element(By.ID, "time")
        result = {"slider_max": float(driver.execute_script(
            "const d = JSON.parse(document.getElementById('trace-data').textContent);"
            "return d.frames.length ? d.frames[d.frames.length - 1].t : 0;"))}

        # A real drag: press on the slider's track at 3/4 of its width.
        width = slider.size["width"]
        ActionChains(driver).move_to_element_with_offset(slider, int(width * 0.25), 0) \
            .click_and_hold().release().perform()
        result["drag"] = observe(driver)
        # The keyboard: End goes to the last frame.
        slider.send_keys(Keys.END)
        result["end_key"] = observe(driver)

        # Exact times: set the value and fire `input`, as a moved slider does.
        result["at"] = []
        for ms in times:
            headless_chromium.seek(driver, ms)
            result["at"].append(observe(driver))

        # Play from the start at 4x: time moves on its own, then pause stops it.
        headless_chromium.seek(driver, 0)
        driver.find_element(By.ID, "speed").send_keys("4")
        driver.find_element(By.ID, "play").click()
        WebDriverWait(driver, 20, poll_frequency=0.05).until(
            lambda d: float(d.find_element(By.ID, "status").get_attribute("data-frame-ms")) > 0)
        driver.find_element(By.ID, "play").click()
        result["played"] = observe(driver)

        result["requests"] = headless_chromium.outside_requests(driver)
        result["errors"] = headless_chromium.console_errors(driver)
        print(json.dumps(result))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
