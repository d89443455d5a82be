#!/usr/bin/env python3
"""Drives a real `units serve` with real headless Chromium as a phone.

Usage: serve_check.py CHROMIUM UNITS UNITS_FMT UNITS_LINT WORKDIR
Starts `units serve --port 0` on 127.0.0.1 over a journal in WORKDIR,
talks the DevTools protocol over --remote-debugging-pipe in a 390x844
touch viewport, and checks, step by step, what the journal file gains.
Prints one line per check ("ok: ..."), and "FAIL: ..." then exits 1 at
the first that does not hold. Screenshots go to WORKDIR.
"""
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time

chromium, units, units_fmt, units_lint, work = sys.argv[1:6]
journal = os.path.join(work, "habits.units")
state = os.path.join(work, "state")
HOSTILE_TITLE = "<img src=x onerror=alert(1)>"
HOSTILE_TASK = "</script><script>alert(2)</script>"
JOURNAL = f"""units 1

2025-12-01 habit Reading
  unit:  page
  title: "{HOSTILE_TITLE}"
  note:  "</script><img src=y onerror=alert(3)>"

2025-12-01 habit Meditate
  kind:     check
  priority: must
  every:    daily

2025-12-01 habit Stretch
  kind:  check
  every: daily

2025-12-01 group Move
  priority: must
  every:    daily
2025-12-01 habit Swim
  kind:  check
  group: Move
2025-12-01 habit Cycle
  kind:  check
  group: Move

2025-12-01 habit Water
  kind: check
  goal: 8
  min:  4

2025-12-10 task "{HOSTILE_TASK}"
"""
with open(journal, "w") as f:
    f.write(JOURNAL)
env = dict(os.environ, XDG_STATE_HOME=state, NO_COLOR="1")


def fail(message):
    print("FAIL: " + message)
    sys.stdout.flush()
    raise SystemExit(1)


def ok(message):
    print("ok: " + message)
    sys.stdout.flush()


server = None
server_port = None


def start_server(today, port=0):
    global server, server_port
    server = subprocess.Popen([units, "serve", "--file", journal, "--port", str(port), "--today", today,
                               "--request-timeout", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    lines = []
    deadline = time.time() + 20
    while time.time() < deadline:
        line = server.stdout.readline().decode()
        if not line:
            fail("units serve ended: " + server.stderr.read().decode())
        lines.append(line)
        match = re.search(r"(http://127\.0\.0\.1:(\d+)/pair\?code=[0-9a-f]+)", line)
        if match:
            server_port = int(match.group(2))
            return match.group(1)
    fail("units serve printed no pairing link: " + "".join(lines))


def stop_server():
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        fail("units serve did not stop on SIGINT")


def raw_request(data, host=None, timeout=5):
    """Sends bytes on a fresh connection; returns the whole answer."""
    s = socket.create_connection(("127.0.0.1", server_port), timeout=timeout)
    s.sendall(data)
    out = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            out += chunk
    except (socket.timeout, ConnectionResetError):
        pass
    s.close()
    return out


def request(method, path, headers=None, body=None):
    c = http.client.HTTPConnection("127.0.0.1", server_port, timeout=10)
    c.request(method, path, body=body, headers=headers or {})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, dict((k.lower(), v) for k, v in r.getheaders()), data


def journal_text():
    """The journal with each line's runs of blanks as one space (the
    canonical printer aligns the values of neighbouring lines)."""
    with open(journal) as f:
        return "".join(" ".join(line.split()) + "\n" for line in f.read().splitlines())


def wait_until(what, predicate, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = predicate()
        except RuntimeError as error:
            # A page still loading (the pairing link redirects to the app)
            # can replace the context an evaluation ran in: ask again.
            if "navigated or closed" not in str(error) and "context" not in str(error):
                raise
            value = None
        if value:
            return value
        # Read what the browser has sent meanwhile: unread events fill the
        # pipe and stall the page's own requests.
        if session:
            send("Runtime.evaluate", {"expression": "1"}, session=session)
        time.sleep(0.1)
    fail("timed out waiting for " + what)


# ---------------------------------------------------------------- browser

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Browser, DESKTOP, PHONE  # noqa: E402

chrome = Browser(chromium)
dialogs = chrome.dialogs
session = None


def send(method, params=None, session=None, timeout=20):
    return chrome.send(method, params, session=session, timeout=timeout)


def pump(seconds):
    """Lets events arrive (dialogs are seen only when read)."""
    global events
    deadline = time.time() + seconds
    send("Runtime.evaluate", {"expression": "1"}, session=session)
    while time.time() < deadline:
        time.sleep(0.05)


def evaluate(expression):
    try:
        return chrome.evaluate(expression)
    except RuntimeError as error:
        if str(error).startswith("page script failed"):
            fail(str(error))
        raise


def navigate(url):
    send("Page.navigate", {"url": url}, session=session)
    wait_until("the page to load " + url, lambda: evaluate("document.readyState") == "complete")


def tap(selector):
    """A touch at the middle of the element, as a finger makes it."""
    box = evaluate("""(() => { const e = document.querySelector(%s); if (!e) return null;
        e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height]; })()""" % json.dumps(selector))
    if not box:
        fail("no element " + selector)
    x, y, w, h = box
    if w < 44 or h < 44:
        fail(f"{selector} is {w:.0f}x{h:.0f}, smaller than a 44-point touch target")
    point = [{"x": x, "y": y}]
    send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point}, session=session)
    send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []}, session=session)


def type_into(selector, text):
    """Taps a field and types into it as a keyboard does, and sees the words
    arrive. A touch can be lost on a busy machine (the page drawing under the
    finger): as a person would, it taps again, three times at most."""
    field = json.dumps(selector)
    for attempt in range(3):
        tap(selector)
        deadline = time.time() + 8
        while time.time() < deadline and not evaluate(f"document.activeElement === document.querySelector({field})"):
            time.sleep(0.1)
        if not evaluate(f"document.activeElement === document.querySelector({field})"):
            continue
        evaluate(f"(() => {{ document.querySelector({field}).value = ''; return true; }})()")
        send("Input.insertText", {"text": text}, session=session)
        deadline = time.time() + 8
        while time.time() < deadline:
            if evaluate(f"document.querySelector({field}).value") == text:
                return
            time.sleep(0.1)
    focused = evaluate("(() => { const e = document.activeElement; return e ? e.outerHTML.slice(0, 120) : null; })()")
    fail(f"could not type {text!r} into {selector} in three taps (focus is on {focused!r})")


def tap_until(selector, what, predicate):
    """Taps until the page shows what the tap does: a busy machine can lose a
    touch, and a person taps again (three times at most, 8 s apart, so a
    slow tap is never taken for a lost one)."""
    for attempt in range(3):
        tap(selector)
        deadline = time.time() + 8
        while time.time() < deadline:
            if predicate():
                return
            time.sleep(0.1)
    fail(f"timed out waiting for {what} after three taps on {selector}")


def enter_number(habit, opener, text, submit):
    """Opens a row's second control, types a number and sends it."""
    row = f'li[data-habit="{habit}"]'
    tap(f'{row} button[aria-label^="{opener}"]')
    type_into(f'{row} input[name="amount"]', text)
    tap(f"{row} {submit}")


def screenshot(name):
    chrome.screenshot(os.path.join(work, name))


try:
    pairing = start_server("2025-12-14")
    base = f"http://127.0.0.1:{server_port}"
    session = chrome.open_page(PHONE)

    # --- no token: nothing of the journal on any URL
    secrets = ["Reading", "Meditate", "Stretch", "onerror", "alert("]
    for path in ["/", "/api/today", "/api/write", "/views", "/pair", "/pair?code=0000", "/manifest.webmanifest", "/icon.svg",
                 "/habits.units", "/../habits.units", "/%2e%2e/%2e%2e/etc/passwd", "/..%2fhabits.units", "//etc/passwd"]:
        for method in ("GET", "POST"):
            status, headers, body = request(method, path, {"Host": f"127.0.0.1:{server_port}", "Origin": base})
            if any(s.encode() in body for s in secrets):
                fail(f"{method} {path} without a token showed journal data: {body[:200]!r}")
            if path.startswith(("/..", "/%2e", "//", "/habits")) and status != 404:
                fail(f"{method} {path} answered {status}, not 404")
    ok("without a token no URL shows journal data; traversal paths are 404")

    # --- wrong Host (DNS rebinding) refused, even for the pairing link
    status, _, _ = request("GET", pairing[len(base):], {"Host": f"rebind.example:{server_port}"})
    if status != 421:
        fail(f"a request with Host rebind.example answered {status}")
    ok("a foreign Host header is refused (421)")

    # --- pair in the browser
    navigate(pairing)
    if "Paired" not in evaluate("document.body.innerText"):
        fail("the pairing link did not pair: " + evaluate("document.body.innerText")[:200])
    cookies = send("Network.getCookies", {"urls": [base + "/"]}, session=session)["cookies"]
    token = [c for c in cookies if c["name"] == "units_token"]
    if not token or not token[0]["httpOnly"] or token[0].get("sameSite") != "Strict":
        fail("the token cookie is not HttpOnly and SameSite=Strict: " + json.dumps(cookies))
    token = token[0]["value"]
    ok("the pairing link sets an HttpOnly, SameSite=Strict token cookie")
    status, _, _ = request("GET", pairing[len(base):], {"Host": f"127.0.0.1:{server_port}"})
    if status != 403:
        fail(f"a used pairing code still pairs ({status})")
    ok("a used pairing code is refused")
    tap("#open")
    wait_until("the day view", lambda: evaluate("!!document.querySelector('li[data-habit=\"Reading\"] button.primary')"))

    # --- hostile names and notes are text
    text = evaluate("document.getElementById('view').textContent")
    if HOSTILE_TITLE not in text or HOSTILE_TASK not in text:
        fail("the hostile title and task are not shown as text: " + text[:300])
    if evaluate("document.querySelectorAll('img').length") != 0 or evaluate("document.scripts.length") != 1:
        fail("journal text became markup")
    ok("hostile journal text is shown as text, no element made from it")

    # --- tap Reading three times: one line `Reading 3`
    before = journal_text()
    for _ in range(3):
        tap('li[data-habit="Reading"] button.primary')
        time.sleep(0.1)
    wait_until("Reading 3 in the journal", lambda: "2025-12-14 Reading 3\n" in journal_text())
    time.sleep(1.0)
    added = [l for l in journal_text().splitlines() if l not in before.splitlines()]
    if added != ["2025-12-14 Reading 3"]:
        fail("three taps added " + repr(added))
    for tool in (units_fmt, units_lint):
        run = subprocess.run([tool, "--check", journal] if tool == units_fmt else [tool, "--today", "2025-12-14", journal],
                             capture_output=True, text=True, env=env)
        if run.returncode != 0:
            fail(f"{os.path.basename(tool)} rejects the journal: {run.stdout}{run.stderr}")
    ok("three taps on Reading wrote one line `Reading 3`; units-fmt --check and units-lint accept it")
    wait_until("the page to show Today 3", lambda: "Today 3 " in evaluate("document.querySelector('li[data-habit=\"Reading\"]').textContent"))
    # --- the pile: Reading's three units as three blocks of its colour and shape
    wait_until("three blocks in the pile", lambda: evaluate("document.querySelectorAll('#pile span[data-habit=\"Reading\"]').length") == 3)
    shape = evaluate("document.querySelector('#pile span').className")
    colour = evaluate("getComputedStyle(document.querySelector('#pile span')).backgroundColor")
    if not re.match(r"blk s[0-7]$", shape) or not colour.startswith("rgb("):
        fail(f"the pile's blocks have no shape or colour: {shape!r} {colour!r}")
    if "Today's pile: 3 units" not in evaluate("document.getElementById('pile').getAttribute('aria-label')"):
        fail("the pile is not labelled with its units")
    if evaluate("document.getElementById('total').textContent") != "Total Units: 3":
        fail("the day's total does not lead the pile as in the terminal")
    ok("the pile on the day view: three blocks for Reading, in its shape and colour, under Total Units: 3")
    screenshot("serve-phone.png")

    # --- check habits: YES, then KINDA through the second control
    tap('li[data-habit="Meditate"] button.primary')
    wait_until("Meditate yes", lambda: "2025-12-14 Meditate yes\n" in journal_text())
    tap('li[data-habit="Stretch"] button[aria-label^="Other answers"]')
    tap('li[data-habit="Stretch"] button[aria-label^="kinda"]')
    wait_until("Stretch kinda", lambda: "2025-12-14 Stretch kinda\n" in journal_text())
    if "Good day" in evaluate("document.body.innerText"):
        fail("the must-do bar is good with the Move group not done")
    tap('li[data-habit="Move"] button[aria-label^="Did Cycle"]')
    wait_until("Cycle yes", lambda: "2025-12-14 Cycle yes\n" in journal_text())
    wait_until("the group to collapse with its member named",
               lambda: "Cycle ✓" in evaluate("document.querySelector('li[data-habit=\"Move\"]').textContent")
               and evaluate("document.querySelectorAll('li[data-habit=\"Move\"] button').length") == 0)
    wait_until("the must-do bar to turn good", lambda: "Good day" in evaluate("document.body.innerText"))
    ok("a check habit ticked YES, another KINDA, a group's option picked; the group collapses, the must-do bar says Good day")

    # --- a habit with a goal takes a number
    enter_number("Water", "Other answers", "6", "form.number button")
    wait_until("Water 6", lambda: "2025-12-14 Water 6\n" in journal_text())
    wait_until("Water KINDA on the page", lambda: "KINDA" in evaluate("document.querySelector('li[data-habit=\"Water\"]').textContent"))
    ok("a habit with a goal takes a number: 6 typed in writes `Water 6` (KINDA)")

    # --- tasks: add (worth 3 units of Reading), then done
    # "Pin to today" is on while the day has room; a tap on its label (a
    # 44-point target) clears it, and a redraw keeps it cleared.
    if evaluate("document.querySelector('form.add input[name=pin]').checked") is not True:
        fail("'Pin to today' is not on by default on a day with no pins")
    tap_until("form.add label.pin-today", "'Pin to today' cleared",
              lambda: evaluate("document.querySelector('form.add input[name=pin]').checked") is False)
    type_into("form.add input", "Call the plumber")
    evaluate("(() => { document.querySelector('form.add input.estimate').value = '3'; document.querySelector('form.add select').value = 'Reading'; return true; })()")
    # A write from the terminal redraws the page while the task is half made:
    # what was typed, and the caret, stay.
    subprocess.run([units, "log", "Swim", "yes", "--file", journal, "--today", "2025-12-14"], check=True,
                   capture_output=True, env=env)
    wait_until("the terminal's write on the page",
               lambda: "Swim" in evaluate("document.querySelector('li[data-habit=\"Move\"]').textContent"))
    kept = evaluate("(() => { const f = document.querySelector('form.add'); return [f.querySelector('input').value, "
                    "f.querySelector('input.estimate').value, f.querySelector('select').value, "
                    "document.activeElement === f.querySelector('input'), f.querySelector('input[name=pin]').checked]; })()")
    if kept != ["Call the plumber", "3", "Reading", True, False]:
        fail("a redraw while typing a task lost what was typed: " + repr(kept))
    ok("a write from the terminal while a task is half typed redraws the page and keeps the title, its worth, its habit, the cleared pin box and the focus")
    tap("form.add button")
    wait_until("the new task", lambda: '2025-12-14 task "Call the plumber" 3 Reading\n' in journal_text())
    wait_until("the task on the page", lambda: evaluate("!!document.querySelector('li[data-task=\"Call the plumber\"] button')"))
    if 'pin "Call the plumber"' in journal_text():
        fail("a task added with 'Pin to today' cleared was pinned")
    tap('li[data-task="Call the plumber"] button[aria-label^="Done"]')
    wait_until("the task done", lambda: '2025-12-14 done "Call the plumber"\n' in journal_text())
    ok("a task added and finished from the page")

    # --- undo: the same stack as `units undo`
    tap("#undo")
    wait_until("the page to say Undone", lambda: "Undone" in evaluate("document.getElementById('toast').textContent"))
    if '2025-12-14 task "Call the plumber" 3 Reading\n' not in journal_text():
        fail("undo took back more than the last write")
    listed = subprocess.run([units, "undo", "--list", "--file", journal], capture_output=True, text=True, env=env).stdout
    if "Opened task" not in listed.splitlines()[0]:
        fail("units undo --list does not show the page's writes: " + listed)
    ok("undo from the page takes back the last write; `units undo --list` shows the page's writes")

    # --- a correction: -1 writes a negative line, the page shows 2
    tap('li[data-habit="Reading"] button[aria-label^="Take one"]')
    wait_until("Reading -1", lambda: "2025-12-14 Reading -1\n" in journal_text())
    wait_until("the page to show Today 2", lambda: "Today 2 " in evaluate("document.querySelector('li[data-habit=\"Reading\"]').textContent"))
    ok("−1 writes a correction line `Reading -1`")

    # --- several at once: one line with the number
    enter_number("Reading", "Add several", "7", "form.more button")
    wait_until("Reading 7", lambda: "2025-12-14 Reading 7\n" in journal_text())
    wait_until("the page to show Today 9", lambda: "Today 9 " in evaluate("document.querySelector('li[data-habit=\"Reading\"]').textContent"))
    ok("several at once: 7 typed in writes one line `Reading 7`")

    # --- a task pinned to today: written as `units task pin` writes it, then
    # listed first, marked, its button pressed
    tap('li[data-task="Call the plumber"] button[aria-label^="Pin to today"]')
    wait_until("the task pinned", lambda: '2025-12-14 pin "Call the plumber"\n' in journal_text())
    wait_until("the pinned task first on the page", lambda: evaluate(
        "(() => { const li = document.querySelector('li[data-task]'); return li.getAttribute('data-task') === 'Call the plumber' "
        "&& li.textContent.includes('\\u{1F4CC}') && li.querySelector('button.pin').getAttribute('aria-pressed') === 'true'; })()"))
    ok("a task pinned from the page: `pin` line written, listed first with the mark")

    # --- a task added with "Pin to today" on: its line and its pin in one write
    type_into("form.add input", "Buy stamps")
    if evaluate("document.querySelector('form.add input[name=pin]').checked") is not True:
        fail("'Pin to today' is not on with one pin on the day")
    tap("form.add button")
    wait_until("the task and its pin", lambda: '2025-12-14 task "Buy stamps"\n2025-12-14 pin "Buy stamps"\n' in journal_text())
    wait_until("the pinned new task marked on the page", lambda: evaluate(
        "(() => { const li = document.querySelector('li[data-task=\"Buy stamps\"]'); return !!li && li.classList.contains('pinned'); })()"))
    ok("a task added with 'Pin to today' on: the task and `pin` lines written as one write, marked on the page")
    # A third pin from the terminal fills the day: the box, left as drawn, goes off.
    subprocess.run([units, "task", "add", "Post the letter", "--pin", "--file", journal, "--today", "2025-12-14"], check=True,
                   capture_output=True, env=env)
    wait_until("'Pin to today' off on a day with its 3 pins",
               lambda: evaluate("document.querySelector('form.add input[name=pin]').checked") is False)
    ok("`units task add --pin` in a terminal fills the day's 3 pins and the page's 'Pin to today' goes off")
    # A pinned task done still holds its pin: the box stays off.
    subprocess.run([units, "task", "done", "Post the letter", "--file", journal, "--today", "2025-12-14"], check=True,
                   capture_output=True, env=env)
    wait_until("the done task off the page", lambda: evaluate("!document.querySelector('li[data-task=\"Post the letter\"]')"))
    if evaluate("document.querySelector('form.add input[name=pin]').checked") is not False:
        fail("'Pin to today' came back on when a pinned task was done, on a day that still holds 3 pins")
    ok("a pinned task done still holds its pin: 'Pin to today' stays off")

    # --- a task dropped
    tap('li[data-task="Call the plumber"] button[aria-label^="Drop"]')
    wait_until("the task dropped", lambda: '2025-12-14 drop "Call the plumber"\n' in journal_text())
    ok("a task dropped from the page")

    # --- an edit from outside shows within two seconds
    subprocess.run([units, "log", "Reading", "6", "--file", journal, "--today", "2025-12-14"], check=True,
                   capture_output=True, env=env)
    start = time.time()
    wait_until("the outside edit on the page", lambda: "Today 15 " in evaluate("document.querySelector('li[data-habit=\"Reading\"]').textContent"), timeout=5)
    ok(f"a `units log` in a terminal shows on the page after {time.time() - start:.1f} s")

    # --- replay: the same id twice adds nothing
    csrf = evaluate("document.querySelector('meta[name=\"units-csrf\"]').content")
    headers = {"Host": f"127.0.0.1:{server_port}", "Origin": base, "Cookie": "units_token=" + token,
               "X-Units-CSRF": csrf, "Content-Type": "application/json"}
    body = json.dumps({"id": "replay-0123456789", "action": "log", "habit": "Reading", "value": "4", "day": "2025-12-14"})
    first = request("POST", "/api/write", headers, body)
    after_first = journal_text()
    for _ in range(3):
        again = request("POST", "/api/write", headers, body)
        if again[0] != 200 or b"duplicate" not in again[2]:
            fail("a replayed id was not recognised: " + repr(again))
    if first[0] != 200 or journal_text() != after_first or after_first.count("2025-12-14 Reading 4\n") != 1:
        fail("replaying a write changed the journal")
    ok("a write replayed three times with the same id is written once")

    # --- cross-origin and token-less writes refused
    for bad, why in ((dict(headers, Origin="http://evil.example"), "another Origin"),
                     ({k: v for k, v in headers.items() if k != "Origin"}, "no Origin"),
                     (dict(headers, **{"X-Units-CSRF": "0" * 48}), "a wrong anti-CSRF token"),
                     ({k: v for k, v in headers.items() if k != "Cookie"}, "no token")):
        status, _, answer = request("POST", "/api/write", bad, body.replace("replay-", "xorigin"))
        if status != 403:
            fail(f"a write with {why} answered {status}: {answer!r}")
    if journal_text() != after_first:
        fail("a refused write changed the journal")
    ok("writes with another Origin, no Origin, a wrong anti-CSRF token or no token are refused (403)")

    # --- a refused write is said in words
    refused = request("POST", "/api/write", headers, json.dumps({"id": "refused-01234567", "action": "log", "habit": "Nope", "day": "2025-12-14"}))
    if refused[0] != 422 or b"no habit named 'Nope'" not in refused[2]:
        fail("an unknown habit was not refused in words: " + repr(refused))
    ok("a write the log command refuses comes back with its words (422)")

    # --- oversized and slow requests dropped while another client is served
    slow = socket.create_connection(("127.0.0.1", server_port))
    slow.sendall(b"GET /api/today HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    t0 = time.time()
    status, _, _ = request("GET", "/icon.svg", {"Host": f"127.0.0.1:{server_port}"})
    if status != 200 or time.time() - t0 > 1:
        fail("a slow client held up another")
    slow.settimeout(5)
    try:
        rest = slow.recv(100)
    except socket.timeout:
        fail("a slow client was not dropped")
    if rest:
        fail("a slow client got an answer: " + repr(rest))
    big = raw_request(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * 40000 + b"\r\n\r\n")
    if not big.startswith(b"HTTP/1.1 431"):
        fail("oversized headers were not refused: " + repr(big[:80]))
    many = raw_request(b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(200)) + b"\r\n")
    if not many.startswith(b"HTTP/1.1 431"):
        fail("200 headers were not refused: " + repr(many[:80]))
    huge = raw_request(b"POST /api/write HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000000\r\n\r\n")
    if not huge.startswith(b"HTTP/1.1 413"):
        fail("a huge body was not refused: " + repr(huge[:80]))
    ok("slow, oversized, many-header and huge-body requests are dropped while others are served")

    # --- offline: stop the server, tap twice, start it on another day
    stop_server()
    ok("units serve stops on SIGINT")
    before = journal_text()
    tap('li[data-habit="Reading"] button.primary')
    tap('li[data-habit="Reading"] button.primary')
    wait_until("the page to hold the taps", lambda: evaluate("!document.getElementById('queue').hidden"))
    if "1 change waiting" not in evaluate("document.getElementById('queue').textContent"):
        fail("two quick taps are not one queued change: " + evaluate("document.getElementById('queue').textContent"))
    if journal_text() != before:
        fail("the journal changed while the server was down")
    start_server("2025-12-15", port=server_port)
    wait_until("the queued taps written", lambda: journal_text() != before, timeout=15)
    time.sleep(1.5)
    added = [l for l in journal_text().splitlines() if l not in before.splitlines()]
    if added != ["2025-12-14 Reading 2"]:
        fail("the queued taps wrote " + repr(added) + " (expected one line on the day they were made)")
    wait_until("the queue to empty", lambda: evaluate("document.getElementById('queue').hidden"))
    ok("two taps made while the server was down were written once, on the day they were made")

    for tool in (units_fmt, units_lint):
        run = subprocess.run([tool, "--check", journal] if tool == units_fmt else [tool, "--today", "2025-12-15", journal],
                             capture_output=True, text=True, env=env)
        if run.returncode != 0:
            fail(f"after the session {os.path.basename(tool)} rejects the journal: {run.stdout}{run.stderr}")
    ok("after every write of the session the journal is canonical and lint-clean")

    pump(0.3)
    if dialogs:
        fail("a dialog opened: " + repr(dialogs))
    ok("no dialog opened in the whole session")

    # --- every view: the units html page, served without a script
    status, headers, page = request("GET", "/views", {"Host": f"127.0.0.1:{server_port}", "Cookie": "units_token=" + token})
    if status != 200 or b"<svg" not in page or b"<script" in page or "script-src" in headers.get("content-security-policy", "x"):
        fail(f"/views is not the units html page without scripts ({status})")
    tap('p.views a')
    wait_until("the views page", lambda: evaluate("location.pathname") == "/views" and evaluate("!!document.querySelector('svg')"))
    if HOSTILE_TITLE not in evaluate("document.body.textContent") or evaluate("document.querySelectorAll('img').length") != 0:
        fail("the views page does not show the hostile title as text")
    send("Page.navigateToHistoryEntry", {"entryId": send("Page.getNavigationHistory", session=session)["entries"][-2]["id"]}, session=session)
    wait_until("the day view again", lambda: evaluate("!!document.querySelector('li[data-habit=\"Reading\"]')"))
    ok("the views page (units html) opens from the day view; journal text there is text too")
    tap('li[data-habit="Reading"] a.views-link')
    wait_until("Reading's part of the views page", lambda: evaluate("location.pathname + location.hash") == "/views#habit-Reading"
               and evaluate("!!document.querySelector('#habit-Reading svg.wall')"))
    send("Page.navigateToHistoryEntry", {"entryId": send("Page.getNavigationHistory", session=session)["entries"][-2]["id"]}, session=session)
    wait_until("the day view again", lambda: evaluate("!!document.querySelector('li[data-habit=\"Reading\"]')"))
    ok("a habit's ▦ link opens its wall and chips on the views page")

    # --- dark and desktop pictures
    chrome.color_scheme("dark")
    screenshot("serve-phone-dark.png")
    chrome.metrics(DESKTOP)
    chrome.color_scheme("light")
    screenshot("serve-desktop.png")
    print("PASS")
finally:
    try:
        if server and server.poll() is None:
            server.kill()
    except Exception:
        pass
    chrome.close()
