"""What the browser checks share: Debian's headless Chromium driven by selenium and
chromedriver, and what a page asked for and logged (check_viewer_page.py,
check_failure_page.py, check_hostile_page.py, check_sweep_page.py)."""
import json

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def start(logging=None, javascript=True, window="1400,1000"):
    """A headless Chromium keeping the logs named in `logging` (default: the network's
    and the console's); with `javascript` False, pages' scripts are blocked."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=" + window,
                     "--no-first-run", "--disable-background-networking"]:
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability(
        "goog:loggingPrefs", logging or {"performance": "ALL", "browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


def seek(driver, ms):
    """Sets the viewer's time slider to the frame shown at ms (the last one at or before
    it: the slider steps frame by frame) and fires `input`, as a moved slider does."""
    driver.execute_script(
        "const d = JSON.parse(document.getElementById('trace-data').textContent);"
        "let k = 0;"
        "while (k + 1 < d.frames.length && d.frames[k + 1].t <= arguments[0]) k++;"
        "const s = document.getElementById('time');"
        "s.value = String(k);"
        "s.dispatchEvent(new Event('input', {bubbles: true}));", ms)


def slider_ms(driver):
    """The time of the frame the slider is on (its value is a frame's index)."""
    return driver.execute_script(
        "const d = JSON.parse(document.getElementById('trace-data').textContent);"
        "const s = document.getElementById('time');"
        "return d.frames.length ? d.frames[Number(s.value)].t : 0;")


def outside_requests(driver):
    """Every URL the page asked for other than file: and data: ones."""
    requests = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            requests.append(message["params"]["request"]["url"])
    requests += driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name);")
    return [u for u in requests if not u.startswith(("file:", "data:"))]


def console_errors(driver, levels=("SEVERE",)):
    """The console messages at these levels."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] in levels]


def severe_errors(driver):
    """The console's errors (a Content Security Policy violation is one)."""
    return console_errors(driver)
