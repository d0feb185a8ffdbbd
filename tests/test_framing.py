"""The LSP framing: messages read from a byte stream into a real pygls protocol, the replies it writes,
and how the reader gets back in step after a client frames a message badly."""

from __future__ import annotations

import asyncio
import json
import threading

from errata_lsp.lsp.framing import MAX_BODY, serve_messages
from errata_lsp.lsp.pygls_adapter import AdaptedProtocol, AdaptedServer
from tests.written import Written

INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "initialized", "params": {}}
SHUTDOWN = {"jsonrpc": "2.0", "id": 9, "method": "shutdown"}


def hover(request_id: int, params: object = None) -> dict[str, object]:
    if params is None:
        params = {"textDocument": {"uri": "file:///x.py"}, "position": {"line": 0, "character": 0}}
    return {"jsonrpc": "2.0", "id": request_id, "method": "textDocument/hover", "params": params}


def frame(message: dict[str, object] | bytes, length: int | None = None) -> bytes:
    body = message if isinstance(message, bytes) else json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body


def serve(stream: bytes) -> tuple[list[dict[str, object]], list[str]]:
    """Every reply the server wrote for `stream` (in order), and what the reader reported."""
    server = AdaptedServer("framing-test", "0", protocol_cls=AdaptedProtocol)
    written = Written()
    server.protocol.set_writer(written)
    reports: list[str] = []

    async def read_all() -> None:
        reader = asyncio.StreamReader()
        reader.feed_data(stream)
        reader.feed_eof()
        await serve_messages(threading.Event(), reader, server.protocol, reports.append)

    asyncio.run(read_all())
    return written.messages(), reports


def test_a_well_framed_initialize_is_answered_with_the_capabilities():
    replies, reports = serve(frame(INITIALIZE))
    assert [r["id"] for r in replies] == [1]
    assert replies[0]["result"]["serverInfo"] == {"name": "framing-test", "version": "0"}
    assert reports == []


def test_a_request_before_initialize_gets_server_not_initialized():
    replies, reports = serve(frame(hover(2)))
    assert replies == [{"jsonrpc": "2.0", "id": 2,
                        "error": {"code": -32002, "message": "textDocument/hover before initialize"}}]
    assert reports == []


def test_a_body_that_is_not_json_gets_a_parse_error_and_the_next_message_is_read():
    replies, reports = serve(frame(b"{not json") + frame(INITIALIZE))
    assert replies[0] == {"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}}
    assert replies[1]["id"] == 1 and "capabilities" in replies[1]["result"]
    assert len(reports) == 1 and reports[0].startswith("a message that is not JSON was skipped (")


def test_a_length_too_short_glues_the_next_header_to_the_tail_and_the_reader_finds_it():
    body = json.dumps(INITIALIZE).encode()
    replies, reports = serve(frame(INITIALIZE, length=10) + frame(INITIALIZE))
    # the first 10 bytes are a message of their own (not JSON); the rest of that body is skipped
    # up to the next `Content-Length:`, which starts in the middle of that line
    assert replies[0]["error"] == {"code": -32700, "message": "Parse error"}
    assert replies[1]["id"] == 1 and "capabilities" in replies[1]["result"]
    assert reports[1] == f"skipped {len(body) - 10} bytes that were not part of any message"


def test_a_length_over_the_limit_is_skipped_without_reading_the_body():
    stream = b"Content-Length: %d\r\n\r\n" % (MAX_BODY + 1) + b"{}\r\n" + frame(INITIALIZE)
    replies, reports = serve(stream)
    assert [r["id"] for r in replies] == [1]
    assert reports == [f"a message of {MAX_BODY + 1} bytes is over the 256 MiB limit; skipped"]


def test_a_header_without_a_number_frames_nothing():
    replies, reports = serve(b"Content-Length: ten\r\n\r\n{}\r\n" + frame(INITIALIZE))
    assert [r["id"] for r in replies] == [1]
    assert reports == []


def test_params_of_the_wrong_shape_get_invalid_params_for_a_request_and_nothing_for_a_notification():
    wrong_notification = {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": 5}}
    stream = frame(INITIALIZE) + frame(INITIALIZED) + frame(hover(3, {"textDocument": 5})) + frame(wrong_notification)
    replies, reports = serve(stream)
    assert [r["id"] for r in replies] == [1, 3]
    assert replies[1]["error"] == {
        "code": -32602, "message": "Invalid Params: the params of textDocument/hover do not match the protocol"}
    assert reports == ["textDocument/hover: params do not match the protocol; ignored",
                       "textDocument/didOpen: params do not match the protocol; ignored"]


def test_a_request_after_shutdown_gets_invalid_request():
    replies, _ = serve(frame(INITIALIZE) + frame(INITIALIZED) + frame(SHUTDOWN) + frame(hover(4)))
    assert [r["id"] for r in replies] == [1, 9, 4]
    assert replies[1]["result"] is None
    assert replies[2]["error"] == {"code": -32600, "message": "textDocument/hover after shutdown"}


# --- the stdin reader: one thread reads, the event loop frames --------------------------------------
def serve_through_a_pipe(stream: bytes, piece: int, pause: float = 0) -> tuple[list[dict[str, object]], list[str]]:
    """`serve`, with the bytes written into a real pipe `piece` bytes at a time (`pause` seconds
    apart) by another thread and read by `PushedReader`, as the server reads its stdin."""
    import os
    import time

    from errata_lsp.lsp.framing import PushedReader

    server = AdaptedServer("framing-test", "0", protocol_cls=AdaptedProtocol)
    written = Written()
    server.protocol.set_writer(written)
    reports: list[str] = []
    read_end, write_end = os.pipe()

    def write() -> None:
        with open(write_end, "wb", buffering=0) as pipe:
            for at in range(0, len(stream), piece):
                pipe.write(stream[at:at + piece])
                time.sleep(pause)

    writer = threading.Thread(target=write)
    writer.start()

    async def read_all() -> None:
        with open(read_end, "rb", buffering=0) as pipe:
            reader = PushedReader(pipe, asyncio.get_running_loop()).start()
            await serve_messages(threading.Event(), reader, server.protocol, reports.append)

    asyncio.run(read_all())
    writer.join()
    return written.messages(), reports


STREAMS = {
    "well framed": frame(INITIALIZE) + frame(INITIALIZED) + frame(SHUTDOWN) + frame(hover(4)),
    "not json": frame(b"{not json") + frame(INITIALIZE),
    "too short": frame(INITIALIZE, length=10) + frame(INITIALIZE),
    "over the limit": b"Content-Length: %d\r\n\r\n" % (MAX_BODY + 1) + b"{}\r\n" + frame(INITIALIZE),
    "no number": b"Content-Length: ten\r\n\r\n{}\r\n" + frame(INITIALIZE),
}


def test_the_pipe_reader_frames_every_stream_as_the_stream_reader_does_whatever_the_pieces():
    for name, stream in STREAMS.items():
        expected = serve(stream)
        assert expected[0], name
        for piece in (1, 7, 64, len(stream)):
            assert serve_through_a_pipe(stream, piece) == expected, (name, piece)


def test_a_line_with_no_end_is_read_in_bounded_pieces_and_the_header_after_it_still_found(monkeypatch):
    from errata_lsp.lsp import framing

    monkeypatch.setattr(framing, "HIGH_WATER", 256)  # so a few KiB outgrow it
    pieces: list[int] = []
    real_take = framing.PushedReader._take

    def take(reader: framing.PushedReader, size: int) -> bytes:
        pieces.append(size)
        return real_take(reader, size)

    monkeypatch.setattr(framing.PushedReader, "_take", take)
    garbage = b"x" * 5000
    replies, reports = serve_through_a_pipe(garbage + frame(INITIALIZE), 100, pause=0.002)
    assert [r["id"] for r in replies] == [1]
    assert reports == ["skipped 5000 bytes that were not part of any message"]
    assert max(pieces[:-3]) < 512  # handed on in pieces (the last three: the header, the blank line, the body)


def test_a_body_larger_than_the_unread_limit_is_read_whole(monkeypatch):
    from errata_lsp.lsp import framing

    monkeypatch.setattr(framing, "HIGH_WATER", 256)
    big = {**INITIALIZE, "params": {"capabilities": {}, "initializationOptions": {"pad": "p" * 10_000}}}
    replies, reports = serve_through_a_pipe(frame(big) + frame(SHUTDOWN), 999)
    assert [r["id"] for r in replies] == [1, 9] and reports == []


def test_a_stream_that_ends_inside_a_body_ends_the_reading():
    replies, reports = serve_through_a_pipe(frame(INITIALIZE) + b"Content-Length: 50\r\n\r\n{\"jsonrpc\"", 5)
    assert [r.get("id") for r in replies] == [1, None]  # the cut body is answered as not JSON, then the end
    assert replies[1]["error"]["code"] == -32700 and len(reports) == 1
