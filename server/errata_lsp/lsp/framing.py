"""Reading LSP messages from a byte stream, and staying in step with a client that frames them badly.

pygls' reader knows a `Content-Length` header only at the start of a line. After one wrong length
the next header is glued to the tail of a body, so every later message would be lost; a huge
length is a MemoryError. Here a header is found wherever its line starts, a body over the limit is
skipped, and a request whose params do not fit the protocol gets an error reply instead of silence.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
from collections.abc import Callable
from typing import Any, BinaryIO, Protocol

from lsprotocol.types import ResponseError
from pygls.exceptions import (
    JsonRpcException,
    JsonRpcInvalidRequest,
    JsonRpcParseError,
    JsonRpcServerNotInitialized,
)
from pygls.io_ import StdoutWriter

log = logging.getLogger(__name__)


class MessageProtocol(Protocol):
    """What the framing needs of the protocol it hands messages to (`pygls_adapter.AdaptedProtocol`)."""

    def structure_message(self, data: dict[str, Any]) -> Any: ...
    def handle_message(self, message: Any) -> None: ...
    def reply_error(self, msg_id: Any, error: ResponseError) -> None: ...
    def answered_initialize(self) -> bool: ...
    def received_shutdown(self) -> bool: ...


class FramedServer(Protocol):
    """What `run` needs of the server it serves (`pygls_adapter.AdaptedServer`)."""

    @property
    def protocol(self) -> Any: ...
    def new_stop_event(self) -> threading.Event: ...
    def log(self, message: str) -> None: ...
    def shutdown(self) -> None: ...


HEADER = b"Content-Length:"
MAX_BODY = 256 * 1024 * 1024
CHUNK = 64 * 1024  # what the reading thread asks the stream for at once
HIGH_WATER = 4 * 1024 * 1024  # unread bytes past which the reading thread waits (more only for a body that needs it)
KEPT_TAIL = 64  # bytes of a line with no end kept back when it is handed on in pieces: a header is shorter


class PushedReader:
    """A byte stream read by one thread as the bytes come, and handed to the event loop in whole
    chunks: a message costs the loop one wake-up. (pygls' reader hands each header line and each
    body to a thread pool and back, three round trips between threads for every message.)

    `readline` and `readexactly` are the event loop's side, as on `asyncio.StreamReader`; a line
    with no end that outgrows `HIGH_WATER` is handed on in pieces (never a header cut in two), so
    the unread bytes stay bounded whatever the client sends."""

    def __init__(self, stream: BinaryIO, loop: asyncio.AbstractEventLoop) -> None:
        self._stream = stream
        self._loop = loop
        self._buffer = bytearray()  # the event loop's: filled by `_feed`, emptied by `_take`
        self._ended = False
        self._waiter: asyncio.Future | None = None
        self._room = threading.Condition()  # the thread waits on it while enough is unread
        self._unread = 0  # bytes handed over and not taken yet (under `_room`)
        self._wanted = 0  # bytes `readexactly` waits for (under `_room`)
        self._thread = threading.Thread(target=self._pump, name="errata-stdin", daemon=True)

    def start(self) -> PushedReader:
        self._thread.start()
        return self

    # --- the reading thread ------------------------------------------------------------------
    def _pump(self) -> None:
        read = _reader_of(self._stream)
        while True:
            with self._room:
                while self._unread >= max(HIGH_WATER, self._wanted):
                    self._room.wait()
            try:
                data = read(CHUNK)
            except (OSError, ValueError):  # closed under us: the end of the stream
                data = b""
            with self._room:
                self._unread += len(data)
            try:
                self._loop.call_soon_threadsafe(self._feed, data)
            except RuntimeError:  # the loop is gone: nobody reads any more
                return
            if not data:
                return

    # --- the event loop ----------------------------------------------------------------------
    def _feed(self, data: bytes) -> None:
        if data:
            self._buffer += data
        else:
            self._ended = True
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def _more(self) -> None:
        self._waiter = self._loop.create_future()
        try:
            await self._waiter
        finally:
            self._waiter = None

    def _take(self, size: int) -> bytes:
        if size >= len(self._buffer):  # all of it: one copy, and the buffer's room goes with it
            data = bytes(self._buffer)
            self._buffer = bytearray()
        else:
            with memoryview(self._buffer) as view:  # one copy, not a slice and then its bytes
                data = bytes(view[:size])
            del self._buffer[:size]
        with self._room:
            self._unread -= len(data)
            self._room.notify()
        return data

    async def readline(self) -> bytes:
        """The next line with its end; at the end of the stream what is left (b"" once nothing is)."""
        while True:
            end = self._buffer.find(b"\n")
            if end != -1:
                return self._take(end + 1)
            if self._ended:
                return self._take(len(self._buffer))
            if len(self._buffer) >= HIGH_WATER:  # a line with no end: on in pieces, its tail kept back
                return self._take(len(self._buffer) - KEPT_TAIL)
            await self._more()

    async def readexactly(self, size: int) -> bytes:
        """`size` bytes, or fewer at the end of the stream."""
        while len(self._buffer) < size and not self._ended:
            with self._room:
                self._wanted = size
                self._room.notify()
            await self._more()
        with self._room:
            self._wanted = 0
        return self._take(min(size, len(self._buffer)))


async def serve_messages(
    stop: threading.Event, reader: Any, protocol: MessageProtocol, report: Callable[[str], None],
) -> None:
    """Read framed messages until the stream ends or `stop` is set, and hand each to `protocol`."""
    length: int | None = None
    carried = 0  # bytes of a line with no end yet, which the reader hands on in pieces
    while not stop.is_set():
        line = await reader.readline()
        if not line:
            return
        if not line.endswith(b"\n"):
            carried += len(line)
            continue
        at = line.rfind(HEADER)
        skipped, carried = carried + at, 0
        if at != -1:
            if skipped:
                report(f"skipped {skipped} bytes that were not part of any message")
            value = line[at + len(HEADER):].strip()
            length = int(value) if value.isdigit() else None
            continue
        if line.strip(b"\r\n"):
            continue  # another header (Content-Type), or the tail of a body framed too short
        if length is None:
            continue
        if length > MAX_BODY:
            report(f"a message of {length} bytes is over the {MAX_BODY // 2**20} MiB limit; skipped")
            length = None
            continue
        body = await reader.readexactly(length)
        length = None
        if not body:
            return
        dispatch(protocol, body, report)


def dispatch(protocol: MessageProtocol, body: bytes, report: Callable[[str], None]) -> None:
    try:
        message = json.loads(body, object_hook=protocol.structure_message)
    except JsonRpcException as exc:  # JSON, but not the method's types
        _reply_error(protocol, body, exc, report)
        return
    except (ValueError, RecursionError) as exc:
        report(f"a message that is not JSON was skipped ({exc})")
        protocol.reply_error(None, ResponseError(code=JsonRpcParseError.CODE, message="Parse error"))
        return
    method = getattr(message, "method", None)
    is_request = method is not None and getattr(message, "id", None) is not None
    if is_request and method != "initialize" and not protocol.answered_initialize():
        protocol.reply_error(message.id, ResponseError(  # LSP: ServerNotInitialized
            code=JsonRpcServerNotInitialized.CODE, message=f"{method} before initialize"))
        return
    if is_request and protocol.received_shutdown():
        protocol.reply_error(message.id, ResponseError(  # LSP: InvalidRequest after shutdown
            code=JsonRpcInvalidRequest.CODE, message=f"{method} after shutdown"))
        return
    try:
        protocol.handle_message(message)
    except Exception as exc:  # a handler's bug must not end the session
        report(f"handling a message failed: {type(exc).__name__}: {exc}")


def _reply_error(protocol: MessageProtocol, body: bytes, exc: JsonRpcException, report: Callable[[str], None]) -> None:
    try:
        raw = json.loads(body)
    except (ValueError, RecursionError):
        raw = None
    method = raw.get("method") if isinstance(raw, dict) else None
    report(f"{method or 'a message'}: params do not match the protocol; ignored")
    msg_id = raw.get("id") if isinstance(raw, dict) else None
    if isinstance(raw, dict) and "id" in raw and isinstance(msg_id, (int, str)) and not isinstance(msg_id, bool):
        protocol.reply_error(msg_id, ResponseError(
            code=exc.CODE, message=f"{exc.MESSAGE}: the params of {method} do not match the protocol"))


def _reader_of(stream: Any) -> Callable[[int], bytes]:
    """A read that returns as soon as some bytes are there. A stream with a file descriptor is read
    through it (nothing reads it before the server): a thread blocked in a buffered stream's read
    holds that stream's lock, which makes the interpreter abort when it exits while the thread waits."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):  # an in-memory stream
        return getattr(stream, "read1", None) or stream.read
    return lambda size: os.read(fd, size)


def run(server: FramedServer, stdin: Any, stdout: Any) -> int:
    """pygls' stdio loop with the reader above; the exit code LSP asks for (1 on `exit` without
    `shutdown`, or when the stream ends without them)."""
    stop = server.new_stop_event()
    server.protocol.set_writer(StdoutWriter(stdout))

    def report(message: str) -> None:
        log.warning(message)
        server.log(message)

    async def serve() -> None:
        reader = PushedReader(stdin, asyncio.get_running_loop()).start()
        await serve_messages(stop, reader, server.protocol, report)

    code = 0
    try:
        asyncio.run(serve())
    except BrokenPipeError:
        log.error("the client went away")
    except KeyboardInterrupt:
        pass
    except SystemExit as exc:  # the `exit` notification
        code = exc.code if isinstance(exc.code, int) else 0
    finally:
        server.shutdown()
    return code
