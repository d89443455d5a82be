#!/usr/bin/env python3
"""Loads a page in real headless Chromium and reports what happened.

Usage: browser_check.py CHROMIUM FILE.html SCREENSHOT.png
Talks the DevTools protocol over --remote-debugging-pipe (fds 3 and 4,
NUL-separated JSON), with the network switched off. Prints one JSON object:
  requests: every URL the page asked for (the page itself included),
  errors:   console errors and uncaught exceptions,
  elements: {selector: [width, height]} of the key pictures,
  screenshot: bytes written.
"""
import base64
import json
import os
import subprocess
import sys
import tempfile
import time

chromium, page, screenshot = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
SELECTORS = ["#pile", "svg.wall", "#heatmap-all", "table.matrix", "#insights", "#receipt"]

to_browser_r, to_browser_w = os.pipe()
from_browser_r, from_browser_w = os.pipe()
profile = tempfile.mkdtemp(prefix="units-chromium-")
args = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
        "--user-data-dir=" + profile, "--no-first-run", "--no-default-browser-check",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND", "--window-size=1100,1600", "about:blank"]


def child_fds():
    os.dup2(to_browser_r, 3)
    os.dup2(from_browser_w, 4)


proc = subprocess.Popen(args, pass_fds=(3, 4), preexec_fn=child_fds,
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.close(to_browser_r)
os.close(from_browser_w)
buffer = b""
next_id = 0
events = []


def read_message(deadline):
    global buffer
    while b"\0" not in buffer:
        if time.time() > deadline:
            raise TimeoutError("chromium did not answer")
        chunk = os.read(from_browser_r, 65536)
        if not chunk:
            raise EOFError("chromium closed the pipe")
        buffer += chunk
    raw, buffer = buffer.split(b"\0", 1)
    return json.loads(raw)


def send(method, params=None, session=None, timeout=20):
    global next_id
    next_id += 1
    message = {"id": next_id, "method": method, "params": params or {}}
    if session:
        message["sessionId"] = session
    os.write(to_browser_w, json.dumps(message).encode() + b"\0")
    deadline = time.time() + timeout
    while True:
        reply = read_message(deadline)
        if reply.get("id") == next_id:
            if "error" in reply:
                raise RuntimeError(f"{method}: {reply['error']}")
            return reply.get("result", {})
        events.append(reply)


def wait_for(method, session, timeout=20):
    deadline = time.time() + timeout
    for k, event in enumerate(events):
        if event.get("method") == method and event.get("sessionId") == session:
            return events.pop(k)
    while True:
        event = read_message(deadline)
        if event.get("method") == method and event.get("sessionId") == session:
            return event
        events.append(event)


result = {"requests": [], "errors": [], "elements": {}, "screenshot": 0}
try:
    target = send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Page", "Network", "Runtime", "Log"):
        send(domain + ".enable", session=session)
    send("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": -1,
                                              "uploadThroughput": -1}, session=session)
    send("Page.navigate", {"url": "file://" + page}, session=session)
    wait_for("Page.loadEventFired", session)
    time.sleep(0.3)
    boxes = send("Runtime.evaluate", {"returnByValue": True, "expression": """
        JSON.stringify(Object.fromEntries(%s.map(s => {
            const e = document.querySelector(s);
            if (!e) return [s, null];
            const r = e.getBoundingClientRect();
            return [s, [Math.round(r.width), Math.round(r.height)]];
        })))""" % json.dumps(SELECTORS)}, session=session)
    result["elements"] = json.loads(boxes["result"]["value"])
    shot = send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                            "clip": {"x": 0, "y": 0, "width": 1100, "height": 1600, "scale": 1}},
                session=session)
    data = base64.b64decode(shot["data"])
    with open(screenshot, "wb") as f:
        f.write(data)
    result["screenshot"] = len(data)
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Network.requestWillBeSent":
            result["requests"].append(params["request"]["url"])
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            result["errors"].append("console: " + " ".join(str(a.get("value")) for a in params.get("args", [])))
        elif method == "Runtime.exceptionThrown":
            result["errors"].append("exception: " + params["exceptionDetails"].get("text", ""))
        elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
            result["errors"].append("log: " + params["entry"].get("text", ""))
    send("Browser.close")
finally:
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
print(json.dumps(result))
