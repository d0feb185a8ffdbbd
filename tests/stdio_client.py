"""The LSP client the tests and the benchmarks share: a server command run as a child process and
spoken to over stdio, frames written by hand so a test can send anything (broken JSON, a wrong
Content-Length, unknown methods) and still read the replies.

A thread reads the server's messages and stamps each with its arrival time. Tests call the blocking
methods (`request`, `wait_notification`); the benchmarks, which run in asyncio, await `arequest`
and `wait_for`, whose times are those arrival stamps.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
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


class ServerDied(ServerError):
    pass


@dataclass
class Publish:
    t: float  # arrival, time.perf_counter()
    version: int | None
    diagnostics: list


def frame(payload: bytes | str | dict) -> bytes:
    if isinstance(payload, dict):
        payload = json.dumps(payload)
    if isinstance(payload, str):
        payload = payload.encode("utf-8", errors="surrogatepass")
    return b"Content-Length: %d\r\n\r\n" % len(payload) + payload


# --- the server's process tree and its memory ----------------------------------------------------
def _children(pid: int) -> list[int]:
    out = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat", "rb") as f:
                stat = f.read()
            ppid = int(stat[stat.rindex(b")") + 2:].split()[1])
        except (OSError, ValueError):
            continue
        if ppid == pid:
            out.append(int(d))
    return out


def process_tree(pid: int) -> list[int]:
    todo, seen = [pid], []
    while todo:
        p = todo.pop()
        seen.append(p)
        todo.extend(_children(p))
    return seen


def status_kb(pid: int, key: str) -> int:
    """A `/proc/PID/status` figure in KiB (VmRSS, VmHWM), 0 when the process is gone."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def peak_rss_kb(pid: int) -> dict[str, Any]:
    """VmHWM (peak resident set) of the process plus all its descendants, in KiB."""
    pids = process_tree(pid)
    return {
        "peak_rss_kb": sum(status_kb(p, "VmHWM") for p in pids),
        "rss_kb": sum(status_kb(p, "VmRSS") for p in pids),
        "pids": len(pids),
    }


# --- the client ----------------------------------------------------------------------------------
class LspClient:
    """`cmd` (default: errata's server from this interpreter) started now, unless `start=False`.
    `env` is laid over this process's environment. `config` is what `workspace/configuration` is
    answered with, once per item asked for."""

    def __init__(self, cmd: list[str] | None = None, env: dict[str, str] | None = None, cwd: str | None = None,
                 stderr_path: str | Path | None = None, config: Any = None, start: bool = True):
        self.cmd = cmd or [sys.executable, "-m", "errata_lsp"]
        self.env = env
        self.cwd = cwd
        self.stderr_path = stderr_path
        self.config: Any = {} if config is None else config
        self.proc: subprocess.Popen | None = None
        self.t_spawn = 0.0
        self._stderr: Any = subprocess.DEVNULL
        self._next_id = 0
        self._lock = threading.Lock()
        self._responses: dict[Any, dict] = {}
        self._arrived: dict[Any, float] = {}
        self._cond = threading.Condition()
        self.notifications: list[dict] = []
        self.server_requests: list[dict] = []
        self.publishes: dict[str, list[Publish]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._futures: dict[Any, asyncio.Future] = {}  # replies awaited by `arequest`
        self._waiters: list[tuple[Callable[[], bool], asyncio.Future]] = []  # publishes awaited by `wait_for`
        self._reader: threading.Thread | None = None
        if start:
            self.start()

    def start(self, drop_env: tuple[str, ...] = ()) -> None:
        """Start the server; `drop_env` names variables it does not inherit."""
        # kept open for the server's whole life; closed in stop()
        self._stderr = open(self.stderr_path, "wb") if self.stderr_path else subprocess.DEVNULL  # noqa: SIM115
        env = {k: v for k, v in {**os.environ, **(self.env or {})}.items() if k not in drop_env}
        self.t_spawn = time.perf_counter()
        self.proc = subprocess.Popen(
            self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, env=env, cwd=self.cwd,
        )
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
                    self._ended()
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii", "replace").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            if length is None:
                continue
            body = out.read(length)
            now = time.perf_counter()
            try:
                message = json.loads(body)
            except ValueError:
                message = {"unparsable": body}
            self._dispatch(message, now)

    def _dispatch(self, message: dict, now: float) -> None:
        if "id" in message and "method" in message:  # a request from the server
            self.server_requests.append(message)
            result: Any = None
            if message["method"] == "workspace/configuration":
                result = [self.config for _ in message.get("params", {}).get("items", [])]
            self.send({"id": message["id"], "result": result})
            return
        with self._cond:
            if "id" in message and "method" not in message:
                future = self._futures.pop(message["id"], None)
                if future is not None:
                    self._resolve(future, {**message, "__t__": now})
                else:
                    self._responses[message["id"]] = message
                    self._arrived[message["id"]] = now
            else:
                self.notifications.append(message)
                if message.get("method") == "textDocument/publishDiagnostics":
                    params = message.get("params") or {}
                    self.publishes.setdefault(params.get("uri"), []).append(
                        Publish(now, params.get("version"), params.get("diagnostics") or []))
                    for predicate, future in list(self._waiters):
                        if predicate():
                            self._resolve(future, now)
            self._cond.notify_all()

    def _ended(self) -> None:
        with self._cond:
            died = ServerDied("EOF from server")
            for future in [*self._futures.values(), *(f for _, f in self._waiters)]:
                self._resolve(future, died)
            self._futures.clear()
            self._cond.notify_all()

    def _resolve(self, future: asyncio.Future, outcome: Any) -> None:
        """Settle an awaited future from the reading thread, on its event loop."""
        try:
            self._loop.call_soon_threadsafe(_settle, future, outcome)
        except RuntimeError:  # its loop is closed: nobody awaits it any more
            pass

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
                    code = self.proc.poll()
                    state = "alive" if code is None else f"exited {code}"
                    raise ServerError(f"no response to request {id!r} (server {state})")
                self._cond.wait(min(left, 0.2))
            self._arrived.pop(id, None)
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

    # --- awaited from asyncio (the benchmarks) -----------------------------------------------
    def request_nowait(self, method: str, params: Any) -> tuple[int, asyncio.Future]:
        """Send a request; its id and the future of its reply: the message with its arrival time
        under "__t__"."""
        self._loop = asyncio.get_running_loop()
        future = self._loop.create_future()
        id = self.next_id()
        with self._cond:
            if self.proc.poll() is not None:
                future.set_exception(ServerDied(f"server exited with {self.proc.returncode}"))
                return id, future
            self._futures[id] = future
        message = {"id": id, "method": method}
        if params is not None:
            message["params"] = params
        try:
            self.send(message)
        except OSError as exc:
            with self._cond:
                self._futures.pop(id, None)
            future.set_exception(ServerDied(str(exc)))
        return id, future

    async def arequest(self, method: str, params: Any) -> dict:
        return await self.request_nowait(method, params)[1]

    async def wait_for(self, predicate: Callable[[], bool], timeout: float) -> float:
        """Wait until predicate() holds after a publishDiagnostics; that publish's arrival time."""
        self._loop = asyncio.get_running_loop()
        with self._cond:
            if predicate():
                return time.perf_counter()
            future = self._loop.create_future()
            if self.proc.poll() is not None:
                raise ServerDied(f"server exited with {self.proc.returncode}")
            item = (predicate, future)
            self._waiters.append(item)
        try:
            return await asyncio.wait_for(future, timeout)
        finally:
            with self._cond:
                self._waiters.remove(item)

    async def aclose(self, timeout: float = 10.0) -> dict:
        """shutdown + exit; killed if it does not go. How it ended."""
        how = "exit"
        try:
            if self.proc.poll() is None:
                await asyncio.wait_for(self.arequest("shutdown", None), timeout)
                self.notify("exit")
                await asyncio.wait_for(asyncio.get_running_loop().run_in_executor(None, self.proc.wait), timeout)
        except (asyncio.TimeoutError, ServerError, OSError):
            how = "killed"
        finally:
            self.kill()
        return {"ended": how, "returncode": self.proc.returncode}

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

    def kill(self) -> None:
        """The server and anything it started, killed; the pipes and the stderr file closed."""
        if self.proc is not None and self.proc.poll() is None:
            for pid in reversed(process_tree(self.proc.pid)):
                try:
                    os.kill(pid, 9)
                except OSError:
                    pass
            self.proc.wait(10)
        self.close()

    def close(self) -> None:
        if self.proc is None:
            return
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
            self._stderr = subprocess.DEVNULL

    def __enter__(self) -> LspClient:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _settle(future: asyncio.Future, outcome: Any) -> None:
    if future.done():
        return
    if isinstance(outcome, BaseException):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)

