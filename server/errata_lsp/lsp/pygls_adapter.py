"""Every place errata leans on pygls beyond its public API, in one module.

errata keeps open documents in its own store (exact LSP line breaks, clamped ranges), reads the
stream with its own framing (see `framing`), publishes diagnostics from JSON it already made, and
answers requests that arrive before `initialize` or after `shutdown` itself. Each needs a name pygls
does not promise to keep: they are listed in `RELIED_ON`, and tests/lsp/test_pygls_adapter.py
checks each against the installed pygls, pinned to `PYGLS_VERSION`, the release they were read in.
"""

from __future__ import annotations

import inspect
import json
import logging
import sys
import threading
from collections.abc import Iterator
from typing import Any

from lsprotocol import types
from lsprotocol.types import ResponseError
from pygls.exceptions import FeatureNotificationError, JsonRpcInternalError
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method

from .framing import run

PYGLS_VERSION = "2.1.1"
log = logging.getLogger(__name__)

# (class, attribute, what errata uses it for): the test checks each on the installed pygls
RELIED_ON: tuple[tuple[str, str, str], ...] = (
    ("LanguageServerProtocol", "lsp_text_document__did_open", "pygls' own document store, replaced"),
    ("LanguageServerProtocol", "lsp_text_document__did_change", "pygls' own document store, replaced"),
    ("LanguageServerProtocol", "lsp_text_document__did_close", "pygls' own document store, replaced"),
    ("LanguageServerProtocol", "lsp_notebook_document__did_open", "pygls' own notebook store, replaced"),
    ("LanguageServerProtocol", "lsp_notebook_document__did_change", "pygls' own notebook store, replaced"),
    ("LanguageServerProtocol", "lsp_notebook_document__did_close", "pygls' own notebook store, replaced"),
    ("LanguageServerProtocol", "_converter", "diagnostics to JSON once, reused for every publish"),
    ("LanguageServerProtocol", "_send_response", "error replies to requests pygls would drop"),
    ("LanguageServerProtocol", "_workspace", "has `initialize` been answered"),
    ("LanguageServerProtocol", "_shutdown", "has `shutdown` been received"),
    ("LanguageServerProtocol", "_server", "a failing notification handler reported as pygls reports it"),
    ("LanguageServerProtocol", "handle_message", "the documents' notifications handed to errata's handlers at once"),
    ("LanguageServerProtocol", "_handle_cancel_notification", "a cancel for a request already answered is not logged"),
    ("LanguageServerProtocol", "_request_futures", "the requests still running, which a cancel can reach"),
    ("LanguageServer", "_report_server_error", "a failing notification handler reported as pygls reports it"),
    ("LanguageServer", "_start_io_async", "stdio served with errata's framing (pygls' start_io calls it)"),
    ("LanguageServer", "_stop_event", "the event pygls' shutdown() sets to end the reading loop"),
)


# Notifications whose handlers errata registers itself (pygls' own are replaced below), all synchronous
_DIRECT = frozenset({types.DidOpenTextDocumentNotification, types.DidChangeTextDocumentNotification,
                     types.DidCloseTextDocumentNotification})


class AdaptedProtocol(LanguageServerProtocol):
    """pygls' protocol with its document-sync handlers replaced by the server's own features."""

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> Iterator[Any]:
        yield from self._user(types.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> Iterator[Any]:
        yield from self._user(types.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams) -> Iterator[Any]:
        yield from self._user(types.TEXT_DOCUMENT_DID_CLOSE, params)

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def lsp_notebook_document__did_open(self, params: types.DidOpenNotebookDocumentParams) -> Iterator[Any]:
        yield from self._user(types.NOTEBOOK_DOCUMENT_DID_OPEN, params)

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def lsp_notebook_document__did_change(self, params: types.DidChangeNotebookDocumentParams) -> Iterator[Any]:
        yield from self._user(types.NOTEBOOK_DOCUMENT_DID_CHANGE, params)

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def lsp_notebook_document__did_close(self, params: types.DidCloseNotebookDocumentParams) -> Iterator[Any]:
        yield from self._user(types.NOTEBOOK_DOCUMENT_DID_CLOSE, params)

    def handle_message(self, message: Any) -> None:
        """A document's open, change or close goes straight to errata's handler (the one pygls would
        reach through its generic path: a runtime protocol check per message kind, two handler
        futures, two uuids; a third of a keystroke's time on the event loop). Everything else, a
        handler that is a coroutine, and anything after `shutdown` go pygls' way."""
        if type(message) in _DIRECT and not self._shutdown:
            handler = self.fm.features.get(message.method)
            if handler is not None and not inspect.iscoroutinefunction(handler):
                try:
                    handler(message.params)
                except Exception:  # reported as pygls reports a failing notification handler
                    self._server._report_server_error(JsonRpcInternalError.of(sys.exc_info()), FeatureNotificationError)
                return
        super().handle_message(message)

    def _handle_cancel_notification(self, msg_id: Any) -> None:
        """`$/cancelRequest` for a request no longer running is ordinary traffic (VS Code cancels
        hovers and code actions it stopped waiting for, often after the reply left); pygls logs a
        warning for each, which filled the editor's output. Only a running request is cancelled."""
        if msg_id in self._request_futures:
            super()._handle_cancel_notification(msg_id)

    def reply_error(self, msg_id: Any, error: ResponseError) -> None:
        """An error reply to a request pygls would drop (before `initialize`, after `shutdown`, bad params)."""
        self._send_response(msg_id, error=error)

    def answered_initialize(self) -> bool:
        """`initialize` has been answered (pygls makes its workspace then)."""
        return self._workspace is not None

    def received_shutdown(self) -> bool:
        return bool(self._shutdown)

    def _user(self, method: str, params: Any) -> Iterator[Any]:
        handler = self.fm.features.get(method)
        if handler is not None:
            yield handler, (params,), None

    def send_raw(self, body: str) -> None:
        """Send a message already written as JSON (ASCII), framed as pygls frames its own."""
        if self.writer is None:
            return
        data = body.encode(self.CHARSET)
        self.writer.write(f"Content-Length: {len(data)}\r\n"
                          f"Content-Type: {self.CONTENT_TYPE}; charset={self.CHARSET}\r\n\r\n".encode() + data)


class AdaptedServer(LanguageServer):
    """pygls' language server on `AdaptedProtocol`, serving stdio with errata's framing."""

    protocol: AdaptedProtocol

    def _start_io_async(self, stdin: Any = None, stdout: Any = None) -> int:
        return run(self, stdin or sys.stdin.buffer, stdout or sys.stdout.buffer)

    def serve_stdio(self, stdin: Any, stdout: Any) -> int:
        """Serve LSP on these byte streams until `exit` or their end; the exit code LSP asks for."""
        return self._start_io_async(stdin, stdout)

    def new_stop_event(self) -> threading.Event:
        """The event that ends the reading loop, where pygls' `shutdown()` sets it."""
        self._stop_event = threading.Event()
        return self._stop_event

    def log(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
        """Tell the client's log (`window/logMessage`), and the server's own."""
        log.info(message)
        try:
            self.window_log_message(types.LogMessageParams(type=kind, message=f"errata: {message}"))
        except Exception:  # no client to tell: the message is in the server's own log
            pass

    def to_json(self, value: Any) -> str:
        """An lsprotocol value as compact JSON, converted as pygls converts what it sends."""
        return json.dumps(self.protocol._converter.unstructure(value), separators=(",", ":"))

