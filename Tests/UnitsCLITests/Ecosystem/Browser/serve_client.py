"""A paired HTTP client of a real `units serve`, without a browser.

Used by serve_load.py (many clients tapping at once) and
scripts/serve-latency.py (how long a tap takes): starts the server on a
free port, reads the pairing link it prints, pairs as a phone does and
reads the CSRF token from the page; `call` then sends a request, and
`headers` are those a paired phone's write carries.
"""
import http.client
import re
import subprocess


class ServeClient:
    def __init__(self, command, env, timeout=60):
        """Starts `command` (`units serve --port 0 ...`) and waits for its link."""
        self.timeout = timeout
        self.server = subprocess.Popen(command, stdout=subprocess.PIPE, env=env)
        self.link = None
        while self.link is None:
            line = self.server.stdout.readline().decode()
            if not line:
                self.close()
                raise RuntimeError("units serve ended before printing its pairing link")
            m = re.search(r"http://127\.0\.0\.1:(\d+)(/pair\?code=[0-9a-f]+)", line)
            if m:
                self.port, self.link = int(m.group(1)), m.group(2)
        self.host = f"127.0.0.1:{self.port}"

    def call(self, method, path, headers=None, body=None):
        """One request on a new connection: the response and its body."""
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        c.request(method, path, body=body, headers=dict({"Host": self.host}, **(headers or {})))
        r = c.getresponse()
        data = r.read()
        c.close()
        return r, data

    def pair(self):
        """Follows the pairing link; sets `cookie` and the write `headers`."""
        r, _ = self.call("GET", self.link)
        self.cookie = r.getheader("Set-Cookie").split(";")[0]
        _, page = self.call("GET", "/", {"Cookie": self.cookie})
        csrf = re.search(rb'units-csrf" content="([0-9a-f]+)"', page).group(1).decode()
        self.headers = {"Cookie": self.cookie, "Origin": "http://" + self.host, "X-Units-CSRF": csrf,
                        "Content-Type": "application/json"}

    def close(self):
        self.server.terminate()
        self.server.wait()
