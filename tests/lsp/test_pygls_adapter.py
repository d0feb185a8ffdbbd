"""What errata's pygls adapter relies on beyond pygls' public API, checked on the installed pygls.

The adapter names every such attribute (`RELIED_ON`) and the pygls release they were read in
(`PYGLS_VERSION`). Another release fails here first, loudly, before a renamed private attribute
can turn into requests rejected as "before initialize" or diagnostics never published."""

from __future__ import annotations

import importlib.metadata
import inspect
import threading

from lsprotocol import types
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version
from pygls.lsp.server import LanguageServer
from pygls.protocol import JsonRPCProtocol, LanguageServerProtocol

from errata_lsp.lsp.pygls_adapter import PYGLS_VERSION, RELIED_ON, AdaptedProtocol, AdaptedServer

CLASSES = {"LanguageServerProtocol": LanguageServerProtocol, "LanguageServer": LanguageServer}


def test_the_installed_pygls_is_the_one_the_adapter_was_read_against():
    installed = importlib.metadata.version("pygls")
    assert Version(installed) in SpecifierSet(_pygls_requirement()), (
        f"pygls {installed} is installed; errata/lsp/pygls_adapter.py was checked against pygls {PYGLS_VERSION}. "
        "Read each attribute in RELIED_ON in the new pygls, then set PYGLS_VERSION and the requirement.")


def test_the_package_requires_the_pygls_series_the_adapter_was_read_against():
    """A user's install cannot bring a pygls minor release nobody read the private attributes in."""
    major, minor, _ = Version(PYGLS_VERSION).release
    assert _pygls_requirement() == f"<{major}.{minor + 1},>={PYGLS_VERSION}"


def _pygls_requirement() -> str:
    from pathlib import Path

    try:
        import tomllib
    except ImportError:  # Python 3.10: the package's own dependency
        import tomli as tomllib

    pyproject = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    requirement = next(Requirement(r) for r in pyproject["project"]["dependencies"] if r.startswith("pygls"))
    return str(requirement.specifier)


def test_every_private_use_is_listed_and_nothing_else_uses_one():
    """Outside the adapter, the server's modules name no private attribute of a pygls object."""
    from pathlib import Path

    import errata_lsp.lsp as package

    private = {name for _, name, _ in RELIED_ON if name.startswith("_")}
    assert private == {"_converter", "_send_response", "_workspace", "_shutdown", "_start_io_async", "_stop_event",
                       "_server", "_report_server_error", "_handle_cancel_notification", "_request_futures"}
    for path in Path(package.__file__).parent.glob("*.py"):
        if path.name == "pygls_adapter.py":
            continue
        text = path.read_text(encoding="utf-8")
        used = sorted(name for name in private if f".{name}" in text or f'"{name}"' in text)
        assert used == [], f"{path.name} uses {used}: only pygls_adapter.py may"


def test_each_relied_on_attribute_exists_where_pygls_defines_it():
    server = AdaptedServer("t", "0", protocol_cls=AdaptedProtocol)
    protocol = server.protocol
    for owner, name, why in RELIED_ON:
        instance = protocol if owner == "LanguageServerProtocol" else server
        assert hasattr(instance, name), f"pygls' {owner} has no `{name}` any more ({why})"
        if name.startswith("lsp_"):  # the method pygls registers for that LSP method, which the adapter replaces
            assert hasattr(getattr(CLASSES[owner], name), "method_name"), f"{owner}.{name} is not an lsp_method"
    assert protocol._workspace is None and protocol._shutdown is False  # as they are before `initialize`
    assert not protocol.answered_initialize() and not protocol.received_shutdown()
    assert server._stop_event is None


def test_the_replaced_handlers_are_the_ones_pygls_dispatches_to():
    for name, method in [("lsp_text_document__did_open", types.TEXT_DOCUMENT_DID_OPEN),
                         ("lsp_text_document__did_change", types.TEXT_DOCUMENT_DID_CHANGE),
                         ("lsp_text_document__did_close", types.TEXT_DOCUMENT_DID_CLOSE),
                         ("lsp_notebook_document__did_open", types.NOTEBOOK_DOCUMENT_DID_OPEN),
                         ("lsp_notebook_document__did_change", types.NOTEBOOK_DOCUMENT_DID_CHANGE),
                         ("lsp_notebook_document__did_close", types.NOTEBOOK_DOCUMENT_DID_CLOSE)]:
        assert getattr(LanguageServerProtocol, name).method_name == method
        assert getattr(AdaptedProtocol, name).method_name == method


def test_the_calls_and_the_flow_the_adapter_depends_on():
    """The signatures it calls, and the pygls code paths that must still go through what it overrides."""
    assert list(inspect.signature(LanguageServerProtocol._send_response).parameters) == [
        "self", "msg_id", "result", "error"]
    assert "self._start_io_async(" in inspect.getsource(LanguageServer.start_io)
    assert "self._stop_event.set()" in inspect.getsource(LanguageServer.shutdown)
    assert "self._shutdown = True" in inspect.getsource(LanguageServerProtocol)
    assert "self._workspace = Workspace(" in inspect.getsource(LanguageServerProtocol)
    # the cancel notification reaches the override through pygls' notification path
    assert "self._handle_cancel_notification(params.id)" in inspect.getsource(JsonRPCProtocol._handle_notification)

    server = AdaptedServer("t", "0", protocol_cls=AdaptedProtocol)
    assert server.to_json(types.Diagnostic(types.Range(types.Position(0, 1), types.Position(2, 3)), "m", code="X")) == (
        '{"range":{"start":{"line":0,"character":1},"end":{"line":2,"character":3}},"message":"m","code":"X"}')
    stop = server.new_stop_event()
    assert isinstance(stop, threading.Event) and not stop.is_set()
    server.shutdown()  # pygls' own shutdown ends errata's reading loop
    assert stop.is_set()


def test_a_cancel_for_a_request_already_answered_is_not_logged(tmp_path):
    """VS Code cancels many requests after their reply arrived: the server's stderr (the editor's
    output channel) stays free of pygls' "Cancel notification for unknown message id"."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from tests.stdio_client import HOVER_AT, SAMPLE, SAMPLE_URI, LspClient

    stderr = tmp_path / "server.stderr"
    client = LspClient(stderr_path=stderr)
    try:
        client.initialize()
        client.open(SAMPLE_URI, SAMPLE)
        answered = client.request_async("textDocument/hover", {"textDocument": {"uri": SAMPLE_URI}, "position": HOVER_AT})
        assert "must be a set" in client.response(answered)["result"]["contents"]["value"]
        for msg_id in (answered, 4242, "never-sent"):
            client.notify("$/cancelRequest", {"id": msg_id})
        assert client.request("shutdown") is None
        client.notify("exit")
        assert client.proc.wait(30) == 0
    finally:
        client.close()
    assert "Cancel notification" not in stderr.read_text(), stderr.read_text()
