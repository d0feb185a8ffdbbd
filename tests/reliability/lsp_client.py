"""A raw JSON-RPC client for the real server over stdio: frames are written by hand, so a test can
send anything (broken JSON, wrong Content-Length, unknown methods) and still read the replies.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

SAMPLE = (
    "from lightning.fabric.strategies import XLAFSDPStrategy\n"
    "XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
)
SAMPLE_URI = "file:///tmp/errata-reliability/sample.py"
HOVER_AT = {"line": 1, "character": 50}  # inside `[Block]`


class ServerError(Exception):
    pass


def frame(payload: bytes | str | dict) -> bytes:
    if isinstance(payload, dict):
        payload = json.dumps(payload)
    if isinstance(payload, str):
        payload = payload.encode("utf-8", errors="surrogatepass")
    return b"Content-Length: %d\r\n\r\n" % len(payload) + payload


class RawClient:
    def __init__(self, cmd: list[str] | None = None, env: dict[str, str] | None = None, cwd: str | None = None,
                 stderr_path: Path | None = None):
        self.cmd = cmd or [sys.executable, "-m", "errata_lsp"]
        self._stderr = open(stderr_path, "wb") if stderr_path else subprocess.DEVNULL  # noqa: SIM115  (closed in close())
        self.proc = subprocess.Popen(
            self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
            env={**os.environ, **(env or {})}, cwd=cwd,
        )
        self._next_id = 0
        self._lock = threading.Lock()
        self._responses: dict[Any, dict] = {}
        self._cond = threading.Condition()
        self.notifications: list[dict] = []
        self.server_requests: list[dict] = []
        self.config: dict = {}
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()

    # --- wire --------------------------------------------------------------------------------
    def send_raw(self, data: bytes) -> None:
        with self._lock:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()

    def send(self, message: dict) -> None:
        self.send_raw(frame({"jsonrpc": "2.0", **message}))

    def _read_loop(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    with self._cond:
                        self._cond.notify_all()
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii", "replace").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            if length is None:
                continue
            body = out.read(length)
            try:
                message = json.loads(body)
            except ValueError:
                message = {"unparsable": body}
            self._dispatch(message)

    def _dispatch(self, message: dict) -> None:
        if "id" in message and "method" in message:  # a request from the server
            self.server_requests.append(message)
            result: Any = None
            if message["method"] == "workspace/configuration":
                result = [self.config for _ in message.get("params", {}).get("items", [])]
            self.send({"id": message["id"], "result": result})
            return
        with self._cond:
            if "id" in message and "method" not in message:
                self._responses[message["id"]] = message
            else:
                self.notifications.append(message)
            self._cond.notify_all()

    # --- requests ----------------------------------------------------------------------------
    def next_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def request_async(self, method: str, params: Any = None, id: Any = None) -> Any:
        id = self.next_id() if id is None else id
        message = {"id": id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return id

    def response(self, id: Any, timeout: float = 30) -> dict:
        deadline = time.monotonic() + timeout
        with self._cond:
            while id not in self._responses:
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None and id not in self._responses:
                    state = "alive" if self.proc.poll() is None else f"exited {self.proc.poll()}"
                    raise ServerError(f"no response to request {id!r} (server {state})")
                self._cond.wait(min(left, 0.2))
            return self._responses.pop(id)

    def request(self, method: str, params: Any = None, timeout: float = 30) -> Any:
        reply = self.response(self.request_async(method, params), timeout)
        if "error" in reply:
            raise ServerError(f"{method}: {reply['error']}")
        return reply.get("result")

    def notify(self, method: str, params: Any = None) -> None:
        message = {"method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def wait_notification(self, method: str, predicate=lambda p: True, timeout: float = 30, start: int = 0) -> dict:
        deadline = time.monotonic() + timeout
        seen = start
        with self._cond:
            while True:
                for note in self.notifications[seen:]:
                    if note.get("method") == method and predicate(note.get("params")):
                        return note["params"]
                seen = len(self.notifications)
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise ServerError(f"no {method} notification matching within {timeout} s")
                self._cond.wait(min(left, 0.2))

    def logs(self) -> list[str]:
        return [n["params"]["message"] for n in list(self.notifications) if n.get("method") == "window/logMessage"]

    # --- a session ---------------------------------------------------------------------------
    def initialize(self, capabilities: dict | None = None, process_id: int | None = None, root: str | None = None,
                   options: Any = None) -> dict:
        params = {
            "processId": process_id if process_id is not None else os.getpid(),
            "rootUri": root,
            "capabilities": capabilities if capabilities is not None else {
                "general": {"positionEncodings": ["utf-16"]},
            },
        }
        if options is not None:
            params["initializationOptions"] = options
        result = self.request("initialize", params, timeout=60)
        self.notify("initialized", {})
        return result

    def open(self, uri: str, text: str, version: int = 1, language: str = "python") -> None:
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": version, "text": text}})

    def hover(self, uri: str, line: int, character: int, timeout: float = 30) -> Any:
        return self.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": line, "character": character}}, timeout=timeout)

    def healthy_hover(self, attempts: int = 3, timeout: float = 20) -> str:
        """Open the sample (again) and hover on `[Block]`: the markdown. A request swallowed by a
        framing error the test caused is retried, up to `attempts` times."""
        last: Exception | None = None
        for _ in range(attempts):
            try:
                self.open(SAMPLE_URI, SAMPLE)
                result = self.hover(SAMPLE_URI, HOVER_AT["line"], HOVER_AT["character"], timeout=timeout)
                if result:
                    return result["contents"]["value"]
                last = ServerError("hover answered null: the didOpen before it was lost")
            except ServerError as exc:
                last = exc
                if self.proc.poll() is not None:
                    break
        if isinstance(last, ServerError) and "answered null" in str(last):
            return ""
        raise ServerError(f"no hover answer after {attempts} attempts: {last}")

    def shutdown_and_exit(self, timeout: float = 15) -> int:
        self.request("shutdown", None, timeout=timeout)
        self.notify("exit")
        return self.wait(timeout)

    def wait(self, timeout: float) -> int:
        try:
            return self.proc.wait(timeout)
        finally:
            self.close()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass
        if self._stderr is not subprocess.DEVNULL:
            self._stderr.close()

    def __enter__(self) -> RawClient:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
