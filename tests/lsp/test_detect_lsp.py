"""A user's record with a `detect` section, over a real LSP client: it gives a diagnostic, a hover and a
quick fix as soon as the settings name it, with no restart; a broken one is logged and skipped."""

from __future__ import annotations

import asyncio
import json
import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .client_tools import apply_text_edits, edits_for, slice_range

TEXT = (
    "from lightning.fabric import Fabric\n"
    "NODES = 0\n"
    "fabric = Fabric(devices=2, num_nodes=NODES)\n"
)
RECORD = {
    "id": "acme0000nodes001",
    "repo": "acme/cluster-notes",
    "errorClass": "ValueError",
    "errorMessage": "num_nodes must be at least 1, got {num_nodes}",
    "documentation": "Our launcher rejects a Fabric that asks for no node at all.",
    "detect": {
        "code": "ACM001",
        "name": "no-nodes",
        "summary": "`Fabric(num_nodes=0)` starts nothing",
        "call": {"qualified": ["lightning.fabric.Fabric"]},
        "argument": {"keyword": "num_nodes"},
        "match": [{"equals": [0]}],
        "message": "`num_nodes={value}` asks for no node{from}: the launcher raises ValueError",
        "fixes": [{"kind": "replace_value", "text": "1", "title": "Use num_nodes=1", "safety": "safe",
                   "preferred": True}],
        "examples": [
            {"bad": "from lightning.fabric import Fabric\nFabric(num_nodes=0)\n",
             "fixed": "from lightning.fabric import Fabric\nFabric(num_nodes=1)\n",
             "count": 1, "at": "2:18-2:19", "severity": "error"},
            {"good": "from lightning.fabric import Fabric\nFabric(num_nodes=4)\n"},
        ],
    },
}


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "errata_lsp"]))
async def client(lsp_client: LanguageClient):
    yield
    await lsp_client.shutdown_session()


async def start(client: LanguageClient) -> str:
    result = await client.initialize_session(types.InitializeParams(
        capabilities=pytest_lsp.client_capabilities("visual_studio_code")))
    return result.capabilities.position_encoding or "utf-16"


async def codes_when(client: LanguageClient, uri: str, wanted: list[str]) -> list[types.Diagnostic]:
    """The pushed diagnostics once their codes are `wanted` (they are re-pushed after a settings change)."""
    for _ in range(200):
        found = list(client.diagnostics.get(uri, []))
        if uri in client.diagnostics and [d.code for d in found] == wanted:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"diagnostics never became {wanted}: {[d.code for d in client.diagnostics.get(uri, [])]}")


def configure(client: LanguageClient, paths: list[str]) -> None:
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"errata": {"kb": {"paths": paths}}}))


async def test_a_kb_paths_record_detects_hovers_and_fixes_with_no_restart(client: LanguageClient, tmp_path):
    encoding = await start(client)
    uri = (tmp_path / "train.py").as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="python", version=1, text=TEXT)))
    await codes_when(client, uri, [])  # no record of the user's yet

    records = tmp_path / "notes.jsonl"
    records.write_text(json.dumps(RECORD) + "\n", encoding="utf-8")
    configure(client, [str(records)])
    [diag] = await codes_when(client, uri, ["ACM001"])
    assert diag.severity == types.DiagnosticSeverity.Error
    assert diag.message.startswith("`num_nodes=0` asks for no node (from `NODES`, line 2): the launcher raises ValueError")
    assert slice_range(TEXT, diag.range, encoding) == "NODES"
    assert diag.data["record"] == "acme0000nodes001"

    hover = await client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), position=diag.range.start))
    assert hover is not None and hover.range == diag.range
    assert "num_nodes must be at least 1" in hover.contents.value
    assert "Our launcher rejects a Fabric that asks for no node at all." in hover.contents.value

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri), range=diag.range,
        context=types.CodeActionContext(diagnostics=[diag], only=[types.CodeActionKind.QuickFix])))
    chosen = next(a for a in actions if a.title == "Use num_nodes=1")
    assert chosen.is_preferred
    fixed = apply_text_edits(TEXT, edits_for(chosen.edit, uri), encoding)
    assert fixed == TEXT.replace("NODES = 0", "NODES = 1")

    configure(client, [])  # the record leaves the settings: so does its diagnostic
    await codes_when(client, uri, [])


async def test_a_broken_detect_is_logged_with_its_line_and_the_server_keeps_serving(client: LanguageClient, tmp_path):
    await start(client)
    broken = {**RECORD, "id": "acme0000nodes002",
              "detect": {**RECORD["detect"], "code": "ACM002", "match": [{"equals_any": [0]}]}}
    records = tmp_path / "notes.jsonl"
    records.write_text(json.dumps(broken) + "\n" + json.dumps(RECORD) + "\n", encoding="utf-8")
    configure(client, [str(records)])
    uri = (tmp_path / "train.py").as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id="python", version=1, text=TEXT)))
    await codes_when(client, uri, ["ACM001"])
    for _ in range(100):
        logged = [m.message for m in client.log_messages if "ACM" in m.message or "acme0000nodes002" in m.message]
        if logged:
            break
        await asyncio.sleep(0.05)
    assert logged == [f"errata: knowledge base: {records}:1: record 'acme0000nodes002': detect: `match`[0]: "
                      "unknown predicate `equals_any` (kb/DETECT.md lists them)"]
