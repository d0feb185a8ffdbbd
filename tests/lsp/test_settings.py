"""Settings from initializationOptions, the workspace's pyproject, a broken knowledge base, a broken
rule, and every position encoding a client may choose."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .client_tools import slice_range

HERE = Path(__file__).parent
TEXT = (
    "from lightning.fabric.strategies import XLAFSDPStrategy\n"
    "x = '🚀'; s = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})  # é 中\n"
)


def capabilities(encodings: list[str] | None) -> types.ClientCapabilities:
    caps = pytest_lsp.client_capabilities("visual_studio_code")
    if encodings is not None:
        caps.general = types.GeneralClientCapabilities(position_encodings=encodings)
    return caps


async def start(client: LanguageClient, options=None, encodings=None, root: Path | None = None):
    result = await client.initialize_session(types.InitializeParams(
        capabilities=capabilities(encodings), initialization_options=options,
        root_uri=root.as_uri() if root else None))
    return result.capabilities.position_encoding


async def pushed(client: LanguageClient, uri: str) -> list[types.Diagnostic]:
    for _ in range(200):
        if uri in client.diagnostics:
            return list(client.diagnostics[uri])
        await asyncio.sleep(0.05)
    raise AssertionError("no diagnostics")


def open_doc(client: LanguageClient, uri: str, text: str = TEXT) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "errata_lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await lsp_client.shutdown_session()


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
async def test_ranges_in_every_encoding(client: LanguageClient, tmp_path, encoding):
    chosen = await start(client, encodings=[encoding, "utf-16"])
    assert chosen == encoding
    uri = (tmp_path / "enc.py").as_uri()
    open_doc(client, uri)
    [diag] = await pushed(client, uri)
    assert slice_range(TEXT, diag.range, encoding) == "[Block]"
    prefix = TEXT.splitlines()[1].split("[Block]")[0]
    extra = {"utf-8": 3, "utf-16": 1, "utf-32": 0}[encoding]  # the rocket is 4 bytes, 2 UTF-16 units, 1 code point
    assert diag.range.start.character == len(prefix) + extra
    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), position=diag.range.end))
    assert hover is not None and hover.range == diag.range


async def test_initialization_options_and_severity(client: LanguageClient, tmp_path):
    await start(client, options={"errata": {"severity": {"LXF001": "warning"}}})
    uri = (tmp_path / "sev.py").as_uri()
    open_doc(client, uri)
    [diag] = await pushed(client, uri)
    assert diag.severity == types.DiagnosticSeverity.Warning
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"errata": {"select": ["LXF002"]}}))
    for _ in range(100):
        await asyncio.sleep(0.05)
        if not client.diagnostics[uri]:
            break
    assert list(client.diagnostics[uri]) == []


async def test_workspace_pyproject_adds_to_the_client_settings(client: LanguageClient, tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.errata]\nignore = ["LXF001"]\n')
    await start(client, root=tmp_path)
    uri = (tmp_path / "pkg" / "a.py").as_uri()
    open_doc(client, uri, TEXT + "t = XLAFSDPStrategy(activation_checkpointing_policy={B}, auto_wrapper_callable=w)\n")
    assert [d.code for d in await pushed(client, uri)] == ["LXF002"]


async def test_broken_knowledge_base_is_reported_once(client: LanguageClient, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x1", "repo": "a/b"}\nnot json\n')
    await start(client, options={"kb": {"paths": [str(bad)]}})
    uri = (tmp_path / "kb.py").as_uri()
    open_doc(client, uri)
    assert [d.code for d in await pushed(client, uri)] == ["LXF001"]
    open_doc(client, (tmp_path / "kb2.py").as_uri())
    await pushed(client, (tmp_path / "kb2.py").as_uri())
    shown = [m for m in client.messages if "knowledge base" in m.message and m.type == types.MessageType.Warning]
    logged = [m.message for m in client.log_messages if "bad.jsonl" in m.message]
    assert len(shown) == 1
    assert any(":1:" in m and "missing required field" in m for m in logged)
    assert any(":2:" in m and "invalid JSON" in m for m in logged)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, str(HERE / "failing_rule_server.py")]))
async def broken_client(lsp_client: LanguageClient):
    yield
    await lsp_client.shutdown_session()


async def test_a_rule_that_raises_is_logged_once_and_others_still_report(broken_client: LanguageClient, tmp_path):
    await start(broken_client)
    uri = (tmp_path / "broken.py").as_uri()
    open_doc(broken_client, uri)
    assert [d.code for d in await pushed(broken_client, uri)] == ["LXF001"]
    broken_client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(2, 0), types.Position(2, 0)),
            text="u = XLAFSDPStrategy(activation_checkpointing_policy=[Head], auto_wrap_policy={Head})\n")]))
    # The diagnostics of the changed text: the second check, with the failing rule in it, has run.
    report = await broken_client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri)))
    assert [(d.code, d.range.start.line) for d in report.items] == [("LXF001", 1), ("LXF001", 2)]
    failures = [m.message for m in broken_client.log_messages if "LXF999" in m.message]
    assert len(failures) == 1 and uri in failures[0] and "ZeroDivisionError" in failures[0]
