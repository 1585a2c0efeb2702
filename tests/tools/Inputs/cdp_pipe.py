"""A headless Chromium driven over the DevTools protocol on a pipe
(--remote-debugging-pipe: commands are JSON objects ended by a NUL byte, read
by the browser on fd 3, its answers and events written to fd 4). A pipe rather
than a port: nothing listens on the network, and the browser's end goes away
with it. Every wait has a deadline, so a hung browser fails the caller
instead of hanging it; the browser runs in its own process group so that on
a failure it is killed with all its helper processes."""
import json
import os
import select
import shutil
import signal
import subprocess
import time


class BrowserError(Exception):
    pass


def find_chromium():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    raise BrowserError("neither chromium nor chromium-browser is on PATH")


class Browser:
    def __init__(self, user_data_dir, log_path, deadline_s):
        self.deadline = time.monotonic() + deadline_s
        self.next_id = 0
        self.pending = b""
        self.events = []
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def browser_fds():
            # Copies first: a pipe end may already sit on fd 3 or 4, and
            # dup2 onto itself would leave it close-on-exec.
            ends = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(ends[0], 3)
            os.dup2(ends[1], 4)

        # Root here, so no sandbox; a throwaway profile; no GPU.
        args = [find_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                "--user-data-dir=" + user_data_dir, "--no-first-run", "--no-default-browser-check",
                "--force-device-scale-factor=1", "about:blank"]
        with open(log_path, "w") as log:
            self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                            preexec_fn=browser_fds, close_fds=False, start_new_session=True)
        os.close(to_browser_r)
        os.close(from_browser_w)

    def _left(self, what):
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise BrowserError("the browser did not answer in time (%s)" % what)
        return left

    def _next_message(self, what):
        while b"\0" not in self.pending:
            ready, _, _ = select.select([self.from_browser], [], [], self._left(what))
            if not ready:
                continue
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise BrowserError("the browser closed its pipe (exit status %s) while waiting for %s"
                                   % (self.process.poll(), what))
            self.pending += chunk
        raw, self.pending = self.pending.split(b"\0", 1)
        return json.loads(raw)

    def wait_event(self, method, session):
        """Waits for an event, keeping every other event in self.events."""
        while True:
            message = self._next_message(method)
            if message.get("method") == method and message.get("sessionId") == session:
                return message.get("params", {})
            if "method" in message:
                self.events.append(message)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        request = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            request["sessionId"] = session
        data = json.dumps(request).encode() + b"\0"
        while data:
            _, ready, _ = select.select([], [self.to_browser], [], self._left(method))
            if ready:
                data = data[os.write(self.to_browser, data):]
        while True:
            message = self._next_message(method)
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise BrowserError("%s failed: %s" % (method, message["error"].get("message")))
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def close(self):
        """Asks the browser to quit; kills it (and its helpers) if it won't."""
        try:
            self.call("Browser.close")
            self.process.wait(timeout=max(1.0, min(10.0, self.deadline - time.monotonic())))
        except (BrowserError, OSError, subprocess.TimeoutExpired):
            pass
        finally:
            # The whole group: helper processes must not outlive the test.
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait()
            os.close(self.to_browser)
            os.close(self.from_browser)
