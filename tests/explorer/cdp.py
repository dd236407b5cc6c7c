"""A minimal Chrome DevTools Protocol client over --remote-debugging-pipe (standard library only).

Chromium reads commands from fd 3 and writes replies and events to fd 4, each a JSON text ended by
a NUL byte. One page target is attached in flat mode; events are kept for the caller to inspect.
"""
import json
import os
import shutil
import subprocess
import tempfile
import time


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    def __init__(self, binary, width=1400, height=900, timeout=60):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="wmmasim-explorer-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def wire_fds():  # in the child: the pipe ends become fds 3 and 4
            a, b = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--no-first-run", "--no-default-browser-check", "--hide-scrollbars",
             "--user-data-dir=" + self.profile, "--window-size=%d,%d" % (width, height), "about:blank"],
            preexec_fn=wire_fds, close_fds=False,  # the pipes must survive as fds 3 and 4
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self.events = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.send(domain + ".enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def _read_message(self, deadline):
        while b"\0" not in self._buffer:
            if time.time() > deadline:
                raise TimeoutError("no reply from chromium")
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the DevTools pipe")
            self._buffer += chunk
        text, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(text)

    def call(self, method, params=None, session=None):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.time() + self.timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def send(self, method, params=None):
        """A command to the attached page."""
        return self.call(method, params, self.session)

    def wait_event(self, method, since=0):
        deadline = time.time() + self.timeout
        while True:
            for event in self.events[since:]:
                if event["method"] == method:
                    return event
            since = len(self.events)
            self.events.append(self._read_message(deadline))

    def navigate(self, url):
        mark = len(self.events)
        self.send("Page.navigate", {"url": url})
        return self.wait_event("Page.loadEventFired", mark)

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate",
                           {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError("page script failed: %s" % json.dumps(result["exceptionDetails"])[:600])
        return result["result"].get("value")

    def problems(self):
        """Console errors, uncaught exceptions and logged errors seen so far."""
        out = []
        for event in self.events:
            method, params = event["method"], event.get("params", {})
            if method == "Runtime.exceptionThrown":
                out.append("exception: " + json.dumps(params.get("exceptionDetails", {}))[:400])
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                out.append("console.%s: %s" % (params["type"], json.dumps(params.get("args"))[:400]))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                out.append("log: " + params["entry"].get("text", "")[:400])
        return out

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)
