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
import threading
from collections.abc import Callable
from typing import Any

from lsprotocol.types import ResponseError
from pygls.exceptions import (
    JsonRpcException,
    JsonRpcInvalidRequest,
    JsonRpcParseError,
    JsonRpcServerNotInitialized,
)

from .pygls_adapter import initialized, reply_error, shut_down

log = logging.getLogger(__name__)
HEADER = b"Content-Length:"
MAX_BODY = 256 * 1024 * 1024


async def serve_messages(
    stop: threading.Event, reader: Any, protocol: Any, report: Callable[[str], None],
) -> None:
    """Read framed messages until the stream ends or `stop` is set, and hand each to `protocol`."""
    length: int | None = None
    while not stop.is_set():
        line = await reader.readline()
        if not line:
            return
        at = line.rfind(HEADER)
        if at != -1:
            if at:
                report(f"skipped {at} bytes that were not part of any message")
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


def dispatch(protocol: Any, body: bytes, report: Callable[[str], None]) -> None:
    try:
        message = json.loads(body, object_hook=protocol.structure_message)
    except JsonRpcException as exc:  # JSON, but not the method's types
        _reply_error(protocol, body, exc, report)
        return
    except (ValueError, RecursionError) as exc:
        report(f"a message that is not JSON was skipped ({exc})")
        reply_error(protocol, None, ResponseError(code=JsonRpcParseError.CODE, message="Parse error"))
        return
    method = getattr(message, "method", None)
    is_request = method is not None and getattr(message, "id", None) is not None
    if is_request and method != "initialize" and not initialized(protocol):
        reply_error(protocol, message.id, ResponseError(  # LSP: ServerNotInitialized
            code=JsonRpcServerNotInitialized.CODE, message=f"{method} before initialize"))
        return
    if is_request and shut_down(protocol):
        reply_error(protocol, message.id, ResponseError(  # LSP: InvalidRequest after shutdown
            code=JsonRpcInvalidRequest.CODE, message=f"{method} after shutdown"))
        return
    try:
        protocol.handle_message(message)
    except Exception as exc:  # a handler's bug must not end the session
        report(f"handling a message failed: {type(exc).__name__}: {exc}")


def _reply_error(protocol: Any, body: bytes, exc: JsonRpcException, report: Callable[[str], None]) -> None:
    try:
        raw = json.loads(body)
    except (ValueError, RecursionError):
        raw = None
    method = raw.get("method") if isinstance(raw, dict) else None
    report(f"{method or 'a message'}: params do not match the protocol; ignored")
    msg_id = raw.get("id") if isinstance(raw, dict) else None
    if isinstance(raw, dict) and "id" in raw and isinstance(msg_id, (int, str)) and not isinstance(msg_id, bool):
        reply_error(protocol, msg_id, ResponseError(
            code=exc.CODE, message=f"{exc.MESSAGE}: the params of {method} do not match the protocol"))


def run(server: Any, stdin: Any, stdout: Any) -> int:
    """pygls' stdio loop with the reader above; the exit code LSP asks for (1 on `exit` without
    `shutdown`, or when the stream ends without them)."""
    from pygls.io_ import StdinAsyncReader, StdoutWriter

    stop = server.new_stop_event()
    reader = StdinAsyncReader(stdin, server.thread_pool)
    server.protocol.set_writer(StdoutWriter(stdout))

    def report(message: str) -> None:
        log.warning(message)
        server.log(message)

    code = 0
    try:
        asyncio.run(serve_messages(stop, reader, server.protocol, report))
    except BrokenPipeError:
        log.error("the client went away")
    except KeyboardInterrupt:
        pass
    except SystemExit as exc:  # the `exit` notification
        code = exc.code if isinstance(exc.code, int) else 0
    finally:
        server.shutdown()
    return code
