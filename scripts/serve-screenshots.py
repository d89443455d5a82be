#!/usr/bin/env python3
"""Takes the README's pictures of `units serve`: the phone (390x844) and
the desktop views, light and dark, by headless Chromium from a real
`units serve` on a copy of Examples/habits.units.

Usage: scripts/serve-screenshots.py UNITS [OUTDIR] [CHROMIUM]
OUTDIR defaults to docs/images. The journal is copied to a scratch folder
(with its own state folder), served for 2025-12-14, the last day it
covers, and paired through the printed link as a phone would pair.
Writes serve-phone-light.png, serve-phone-dark.png,
serve-desktop-light.png and serve-desktop-dark.png.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(root, "Tests", "UnitsCLITests", "Browser"))
from devtools import Browser, DESKTOP  # noqa: E402

units = os.path.abspath(sys.argv[1])
out = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.path.join(root, "docs", "images")
chromium = sys.argv[3] if len(sys.argv) > 3 else next(
    (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome") if shutil.which(n)), None)
if not chromium:
    sys.exit("serve-screenshots: no chromium (apt-get install -y chromium)")
os.makedirs(out, exist_ok=True)
work = tempfile.mkdtemp(prefix="units-serve-shots-")
journal = os.path.join(work, "habits.units")
shutil.copy(os.path.join(root, "Examples", "habits.units"), journal)
env = dict(os.environ, XDG_STATE_HOME=os.path.join(work, "state"), NO_COLOR="1")
server = subprocess.Popen([units, "serve", "--file", journal, "--port", "0", "--today", "2025-12-14"],
                          stdout=subprocess.PIPE, env=env)
chrome = None


def wait_until(what, predicate, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if predicate():
                return
        except RuntimeError:
            pass  # a page still loading: ask again
        time.sleep(0.1)
    sys.exit("serve-screenshots: timed out waiting for " + what)


try:
    link = None
    while link is None:
        line = server.stdout.readline().decode()
        if not line:
            sys.exit("serve-screenshots: units serve ended")
        match = re.search(r"http://127\.0\.0\.1:\d+/pair\?code=[0-9a-f]+", line)
        link = match.group(0) if match else None
    base = link.split("/pair")[0]
    chrome = Browser(chromium)
    # Twice the phone's points: sharp in the README, not a large file.
    phone = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
    chrome.open_page(phone)
    chrome.send("Page.navigate", {"url": link}, session=True)
    wait_until("pairing", lambda: "Paired" in (chrome.evaluate("document.body && document.body.innerText") or ""))
    chrome.send("Page.navigate", {"url": base + "/"}, session=True)
    wait_until("the day view", lambda: chrome.evaluate("!!document.querySelector('#view li.row')"))
    time.sleep(0.5)
    for name, metrics in (("phone", phone), ("desktop", DESKTOP)):
        chrome.metrics(metrics)
        for scheme in ("light", "dark"):
            chrome.color_scheme(scheme)
            chrome.evaluate("window.scrollTo(0, 0), true")
            time.sleep(0.3)
            path = os.path.join(out, f"serve-{name}-{scheme}.png")
            chrome.screenshot(path)
            print(f"{path}: {os.path.getsize(path)} bytes")
finally:
    if chrome:
        chrome.close()
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
    shutil.rmtree(work, ignore_errors=True)
