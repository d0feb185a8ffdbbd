"""Suppressions in the editor, over real stdio: an unused `# noqa` code is a warning with a quick
fix that removes it, and hovering a code inside a noqa comment shows what that rule catches."""

from __future__ import annotations

import asyncio
import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .client_tools import apply_text_edits, edits_for

URI = "file:///tmp/errata-noqa/train.py"
TEXT = ("from lightning.fabric.strategies import XLAFSDPStrategy\n"
        "s = XLAFSDPStrategy(activation_checkpointing_policy={Block}, auto_wrap_policy={Block})  # noqa: LXF001, E501\n")
CODE_AT = TEXT.splitlines()[1].index("LXF001")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "errata_lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=pytest_lsp.client_capabilities("visual_studio_code"), root_uri=None))
    yield
    await lsp_client.shutdown_session()


async def test_unused_noqa_warning_fix_and_hover(client):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=URI, language_id="python", version=1, text=TEXT)))
    for _ in range(200):
        if client.diagnostics.get(URI):
            break
        await asyncio.sleep(0.05)
    [diagnostic] = client.diagnostics[URI]
    assert (diagnostic.code, diagnostic.severity, diagnostic.message) == (
        "LXF100", types.DiagnosticSeverity.Warning,
        "`# noqa: LXF001` is unused: there is no LXF001 finding on this line")
    assert diagnostic.range == types.Range(types.Position(1, CODE_AT), types.Position(1, CODE_AT + 6))

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(URI), range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[diagnostic])))
    assert actions[0].title == "Remove the unused `noqa` code LXF001" and actions[0].is_preferred
    fixed = apply_text_edits(TEXT, edits_for(actions[0].edit, URI), types.PositionEncodingKind.Utf16)
    assert fixed == TEXT.replace("# noqa: LXF001, E501", "# noqa: E501")

    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(URI), position=types.Position(1, CODE_AT + 3)))
    assert hover.contents.value == (
        "**LXF001** `policy-not-a-set` · `activation_checkpointing_policy` of XLAFSDPStrategy must be a set of "
        "module classes\n\n`errata-lsp rule LXF001` prints its page.")
    other = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(URI), position=types.Position(1, len(TEXT.splitlines()[1]) - 2)))
    assert other is None  # E501 is another tool's code


NOQA_URI = "file:///tmp/errata-noqa/adopt.py"
NOQA_TEXT = ("from lightning.fabric.strategies import XLAFSDPStrategy\n"
             "a = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])\n"
             "b = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])  # noqa: E501\n"
             "c = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block]) \\\n"
             "    if True else None\n")


async def test_disable_for_this_line_writes_what_add_noqa_writes(client, tmp_path, monkeypatch):
    """The quick fix and `errata-lsp check --add-noqa` are one edit: a new comment, a code added to a
    comment already there, and none on a line that ends in a backslash (a comment there breaks the code)."""
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=NOQA_URI, language_id="python", version=1, text=NOQA_TEXT)))
    for _ in range(200):
        if client.diagnostics.get(NOQA_URI):
            break
        await asyncio.sleep(0.05)
    by_line = {d.range.start.line: d for d in client.diagnostics[NOQA_URI]}
    assert sorted(by_line) == [1, 2, 3] and {d.code for d in by_line.values()} == {"LXF001"}
    fixed_by_editor = NOQA_TEXT
    titles = {}
    for line in (3, 2, 1):  # bottom up: each edit leaves the lines above where they were
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(NOQA_URI), range=by_line[line].range,
            context=types.CodeActionContext(diagnostics=[by_line[line]], only=[types.CodeActionKind.QuickFix])))
        titles[line] = [a.title for a in actions]
        for action in actions:
            if action.title == "Disable LXF001 for this line":
                edits = edits_for(action.edit, NOQA_URI)
                fixed_by_editor = apply_text_edits(fixed_by_editor, edits, types.PositionEncodingKind.Utf16)
    assert titles == {1: ["Convert list to set", "Disable LXF001 for this line"],
                      2: ["Convert list to set", "Disable LXF001 for this line"],
                      3: ["Convert list to set"]}
    assert fixed_by_editor == (
        "from lightning.fabric.strategies import XLAFSDPStrategy\n"
        "a = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])  # noqa: LXF001\n"
        "b = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])  # noqa: E501, LXF001\n"
        "c = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block]) \\\n"
        "    if True else None\n")

    from errata_lsp.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "adopt.py").write_text(NOQA_TEXT, encoding="utf-8")
    main(["check", "--add-noqa", "--quiet", "adopt.py"])
    assert (tmp_path / "adopt.py").read_text(encoding="utf-8") == fixed_by_editor
