#!/usr/bin/env python3
"""Times `units serve`: start-up, one tap written and confirmed, one poll.

Usage: scripts/serve-latency.py UNITS JOURNAL [TAPS]
Copies nothing: JOURNAL gains TAPS lines (use a scratch copy). Starts
`units serve --port 0` on 127.0.0.1 with a scratch state folder, pairs
over HTTP, then sends TAPS writes one after another (each a new id, so
each is a real append through the write path) and prints the median and
p99 of the time from sending a write to its answer, and the same for
GET /api/today with and without a matching ETag.
"""
import json
import os
import re
import statistics
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(root, "Tests", "UnitsCLITests", "Ecosystem", "Browser"))
from serve_client import ServeClient  # noqa: E402

units, journal = sys.argv[1], sys.argv[2]
taps = int(sys.argv[3]) if len(sys.argv) > 3 else 50
state = tempfile.mkdtemp(prefix="units-serve-latency-")
habit = None
for line in open(journal):
    m = re.match(r"^\d{4}-\d\d-\d\d habit (\S+)", line)
    if m:
        habit = m.group(1)
        break

t0 = time.perf_counter()
serve = ServeClient([units, "serve", "--file", journal, "--port", "0"], {"XDG_STATE_HOME": state, "PATH": "/usr/bin:/bin"})
started = time.perf_counter() - t0
call = serve.call

try:
    serve.pair()
    headers, cookie = serve.headers, serve.cookie
    writes, polls, unchanged = [], [], []
    for i in range(taps):
        body = json.dumps({"id": f"latency-{i:08d}-{time.time_ns()}", "action": "log", "habit": habit, "value": "1"})
        t = time.perf_counter()
        r, data = call("POST", "/api/write", headers, body)
        writes.append(time.perf_counter() - t)
        if r.status != 200:
            sys.exit(f"write refused: {data!r}")
        t = time.perf_counter()
        r, _ = call("GET", "/api/today", {"Cookie": cookie})
        polls.append(time.perf_counter() - t)
        etag = r.getheader("ETag")
        t = time.perf_counter()
        r, _ = call("GET", "/api/today", {"Cookie": cookie, "If-None-Match": etag})
        unchanged.append(time.perf_counter() - t)

    def line(name, xs):
        xs = sorted(xs)
        p99 = xs[min(len(xs) - 1, int(len(xs) * 0.99))]
        print(f"{name}: median {statistics.median(xs) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms ({len(xs)} runs)")

    print(f"start-up to the printed link: {started * 1000:.1f} ms")
    line("tap written and confirmed", writes)
    line("GET /api/today", polls)
    line("GET /api/today, unchanged (304)", unchanged)
finally:
    serve.close()
