"""Headless Chromium over the DevTools protocol (--remote-debugging-pipe).

Used by serve_check.py (the units serve browser test) and
scripts/serve-screenshots.py (the README's pictures). One page, one
session; dialogs that open are collected in `dialogs`.
"""
import base64
import json
import os
import subprocess
import tempfile
import time

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
DESKTOP = {"width": 1100, "height": 900, "deviceScaleFactor": 1, "mobile": False}


class Browser:
    def __init__(self, chromium):
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()
        self.profile = tempfile.mkdtemp(prefix="units-serve-chromium-")
        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--user-data-dir=" + self.profile, "--no-first-run", "--no-default-browser-check",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--no-proxy-server", "about:blank"],
            pass_fds=(3, 4), preexec_fn=lambda: (os.dup2(to_browser_r, 3), os.dup2(from_browser_w, 4)),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.dialogs = []
        self.session = None

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise TimeoutError("chromium did not answer")
            chunk = os.read(self.from_browser, 65536)
            if not chunk:
                raise EOFError("chromium closed the pipe")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        message = json.loads(raw)
        if message.get("method") == "Page.javascriptDialogOpening":
            self.dialogs.append(message["params"].get("message"))
        return message

    def send(self, method, params=None, session=None, timeout=20):
        """A command to the browser (session=None) or, with session=True, to the page."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session is True:
            session = self.session
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            reply = self.read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def open_page(self, metrics=PHONE, touch=True):
        """A new page with its session; phone metrics and touch by default."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Network", "Runtime"):
            self.send(domain + ".enable", session=True)
        self.metrics(metrics)
        if touch:
            self.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5}, session=True)
        return self.session

    def metrics(self, metrics):
        self.send("Emulation.setDeviceMetricsOverride", metrics, session=True)

    def color_scheme(self, scheme):
        self.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]}, session=True)

    def evaluate(self, expression):
        """The value of a page expression (promises awaited); raises on a script error."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}, session=True)
        if "exceptionDetails" in result:
            raise RuntimeError("page script failed: " + json.dumps(result["exceptionDetails"])[:400])
        return result["result"].get("value")

    def screenshot(self, path):
        shot = self.send("Page.captureScreenshot", {"format": "png"}, session=True)
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
