#!/usr/bin/env python3
"""Many clients tap at once on a real `units serve`, with terminal writers.

Usage: serve_load.py UNITS UNITS_FMT UNITS_LINT WORKDIR [CLIENTS] [TAPS] [LINES]
CLIENTS threads (default 20) each send TAPS writes (default 10) for a habit
of their own, every write sent twice (a retry), while `units log` and
`units-fmt` run in a terminal beside them. Checks every tap is in the
journal exactly once, the terminal writes too, and the journal is
canonical and lint-clean. Prints timings; exits 1 with FAIL: on a failure.
"""
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time

from serve_client import ServeClient

units, units_fmt, units_lint, work = sys.argv[1:5]
clients = int(sys.argv[5]) if len(sys.argv) > 5 else 20
taps = int(sys.argv[6]) if len(sys.argv) > 6 else 10
lines = int(sys.argv[7]) if len(sys.argv) > 7 else 5000
seed = int(os.environ.get("SEED", "4141"))
print(f"serve_load seed {seed}")
rng = random.Random(seed)
journal = os.path.join(work, "habits.units")
env = dict(os.environ, XDG_STATE_HOME=os.path.join(work, "state"), NO_COLOR="1")


def fail(message):
    print("FAIL: " + message)
    raise SystemExit(1)


# A journal of CLIENTS habits and LINES entries over the 700 days before
# the test day.
text = ["units 1", ""]
for c in range(clients):
    text += [f"2024-01-01 habit C{c}", "  unit: rep", ""]
day = 0
entries = []
while len(entries) < lines:
    d = time.strftime("%Y-%m-%d", time.gmtime(time.mktime((2024, 1, 2, 12, 0, 0, 0, 0, 0)) + 86400 * (day * 700 // lines)))
    entries.append(f"{d} C{rng.randrange(clients)} {rng.randrange(1, 9)}")
    day += 1
with open(journal, "w") as f:
    f.write("\n".join(text + entries) + "\n")
subprocess.run([units_fmt, journal], check=True, env=env)
today = "2026-06-01"

try:
    serve = ServeClient([units, "serve", "--file", journal, "--port", "0", "--today", today], env, timeout=120)
except RuntimeError as error:
    fail(str(error))

try:
    serve.pair()
    call, headers = serve.call, serve.headers
    times, errors = [], []

    def client(c):
        for t in range(taps):
            body = json.dumps({"id": f"load-{seed}-{c}-{t}", "action": "log", "habit": f"C{c}", "value": "1", "day": today})
            for attempt in range(2):
                start = time.perf_counter()
                r, data = call("POST", "/api/write", headers, body)
                times.append(time.perf_counter() - start)
                if r.status != 200:
                    errors.append(f"C{c} tap {t}: {r.status} {data[:200]!r}")

    def terminal():
        for k in range(5):
            run = subprocess.run([units, "log", "C0", "2", "--file", journal, "--today", today], capture_output=True, text=True, env=env)
            if run.returncode != 0:
                errors.append("units log: " + run.stderr)
            run = subprocess.run([units_fmt, journal], capture_output=True, text=True, env=env)
            if run.returncode != 0:
                errors.append("units-fmt: " + run.stderr)

    started = time.perf_counter()
    threads = [threading.Thread(target=client, args=(c,)) for c in range(clients)] + [threading.Thread(target=terminal)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    if errors:
        fail("; ".join(errors[:5]))
    with open(journal) as f:
        day_lines = [" ".join(l.split()) for l in f if l.startswith(today)]
    if any(l.startswith(today) for l in entries):
        fail("the generated entries reach the test day")
    for c in range(clients):
        got = day_lines.count(f"{today} C{c} 1")
        if got != taps:
            fail(f"C{c}: {got} lines of 1 on {today}, expected {taps} (each sent twice)")
    if day_lines.count(f"{today} C0 2") != 5:
        fail("the terminal's units log lines are not all there")
    if len(day_lines) != clients * taps + 5:
        fail(f"{len(day_lines)} lines on {today}, expected {clients * taps + 5}")
    for tool, args in ((units_fmt, ["--check", journal]), (units_lint, ["--today", today, journal])):
        run = subprocess.run([tool] + args, capture_output=True, text=True, env=env)
        if run.returncode != 0:
            fail(f"{os.path.basename(tool)}: {run.stdout}{run.stderr}")
    times.sort()
    print(f"ok: {clients} clients x {taps} taps, each sent twice, with units log and units-fmt beside: every tap once, "
          f"canonical, lint-clean ({elapsed:.1f} s; a request answered in median {statistics.median(times) * 1000:.0f} ms, "
          f"p99 {times[int(len(times) * 0.99)] * 1000:.0f} ms under load)")
    print("PASS")
finally:
    serve.close()
