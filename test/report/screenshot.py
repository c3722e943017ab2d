"""Takes a PNG of a page of an nvmove report: screenshot.py PAGE.html OUT.png [WIDTH HEIGHT]."""
import os
import sys

from chromium_driver import Browser

page, out = sys.argv[1], sys.argv[2]
width = int(sys.argv[3]) if len(sys.argv) > 3 else 1280
height = int(sys.argv[4]) if len(sys.argv) > 4 else 900
with Browser() as browser:
    browser.call("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
                 session=True)
    browser.open("file://" + os.path.abspath(page))
    browser.screenshot(out, width, height)
