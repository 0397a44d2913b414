"""Debian's Chromium, headless, under selenium and chromedriver: what the browser tests'
scripts share (check_viewer_page.py, check_hostile_page.py)."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def start(logging):
    """A headless Chromium that keeps the logs named in `logging` ({"browser": "ALL"})."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1400,1000",
                     "--no-first-run", "--disable-background-networking"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", logging)
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


def severe_errors(driver):
    """The console's errors (a Content Security Policy violation is one)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
