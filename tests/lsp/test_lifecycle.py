"""The lifecycle LSP asks for, over raw stdio: errors for requests before `initialize` and after
`shutdown`, and the exit code of `exit` with and without `shutdown`."""

from __future__ import annotations

from tests.stdio_client import LspClient

HOVER = {"textDocument": {"uri": "file:///nowhere/a.py"}, "position": {"line": 0, "character": 0}}


def test_requests_before_initialize_and_after_shutdown_get_errors():
    with LspClient() as client:
        early = client.response(client.request_async("textDocument/hover", HOVER), 20)
        assert early["error"]["code"] == -32002
        client.initialize()
        assert client.request("textDocument/hover", HOVER, timeout=20) is None  # a document never opened
        assert client.request("shutdown", None, timeout=20) is None
        late = client.response(client.request_async("textDocument/hover", HOVER), 20)
        assert late["error"]["code"] == -32600
        client.notify("exit")
        assert client.wait(20) == 0


def test_exit_without_shutdown_exits_with_1():
    with LspClient() as client:
        client.initialize()
        client.notify("exit")
        assert client.wait(20) == 1
