"""What a keystroke goes through in the server, each part asked for its exact answer: which edits
are checked on the event loop (only inside a comment line, only while such checks of the document
are fast), that such a check publishes what a check in a worker thread or a fresh server publishes,
that a stale version is never published, that diagnostics are reused only for the same findings on
unchanged lines, that settings follow a pyproject.toml written on disk without any notification,
and that a document's change reaches errata's handler without pygls' generic path."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcInternalError

from errata_lsp.analysis.findings import Finding, Severity, Span
from errata_lsp.lsp import framing
from errata_lsp.lsp.pygls_adapter import AdaptedProtocol, AdaptedServer
from errata_lsp.lsp.server import ErrataServer
from errata_lsp.lsp.text import UTF16
from tests.written import Written

TEXT = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def train():
    """Train.

    # a line of the docstring, not a comment
    """
    # a comment inside the function
    fabric = Fabric(strategy=XLAFSDPStrategy(), precision="bf16-mixed")
    return fabric
'''
COMMENT, DOCSTRING, CODE = 9, 7, 10  # lines


class Captured(Written):
    def publishes(self) -> list[tuple[int | None, list[dict]]]:
        return [(m["params"]["version"], m["params"]["diagnostics"]) for m in self.messages()
                if m.get("method") == "textDocument/publishDiagnostics"]


def new_server(tmp_path: Path, text: str = TEXT) -> tuple[ErrataServer, str, Captured]:
    server = ErrataServer()
    written = Captured()
    server.protocol.set_writer(written)
    framing.dispatch(server.protocol, json.dumps(  # pygls' own `initialize`: the capabilities, UTF-16
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}).encode(), print)
    server.session.root = tmp_path
    path = tmp_path / "train.py"
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    server.session.open(uri, text, 1, "python")
    return server, uri, written


def typed(server: ErrataServer, uri: str, line: int, text: str, version: int, column: int | None = None) -> None:
    """`text` typed at the end of `line` (or at `column`)."""
    doc = server.session.states[uri].doc
    at = types.Position(line, len(doc.lines[line]) if column is None else column)  # ASCII lines here
    server.session.change(uri, [types.TextDocumentContentChangePartial(range=types.Range(at, at), text=text)],
                          version, UTF16)


def fresh_diagnostics(tmp_path: Path, text: str) -> list[dict]:
    """What a server that never saw another version publishes for `text`."""
    fresh = tmp_path / "fresh"
    fresh.mkdir(exist_ok=True)
    server, uri, written = new_server(fresh, text)

    async def run() -> None:
        server.schedule(uri)
        await server.session.states[uri].task

    asyncio.run(run())
    return written.publishes()[-1][1]


def check_now(server: ErrataServer, uri: str) -> None:
    state = server.session.states[uri]
    doc = state.doc.snapshot()
    server.analyse(state, doc, server.session.snapshot, comment=server._comment_edit(state, doc))


# --- which edits are checked on the event loop -------------------------------------------------------
def test_only_an_edit_inside_a_comment_line_counts_as_a_comment_edit(tmp_path):
    server, uri, _ = new_server(tmp_path)
    state = server.session.states[uri]
    check_now(server, uri)
    assert [f.code for f in state.analysis.findings] == ["LXF007"]

    def after(line: int, text: str, column: int | None = None) -> bool:
        before = state.doc.text
        typed(server, uri, line, text, 2, column)
        answer = server._comment_edit(state, state.doc.snapshot())
        state.doc.apply(types.TextDocumentContentChangeWholeDocument(text=before), UTF16)  # back, as a whole text
        state.doc.one_line, state.analysis.doc = None, state.doc.snapshot()  # and the check's snapshot with it
        return answer

    assert after(COMMENT, "x") is True
    assert after(COMMENT, "x", column=4) is False  # before the `#`: the line is code now
    assert after(DOCSTRING, "x") is False  # a line of a string that starts with `#`
    assert after(CODE, " ") is False
    assert after(COMMENT, "\n    # more") is False  # a line break typed


def test_two_lines_edited_since_the_last_check_are_not_a_comment_edit(tmp_path):
    server, uri, _ = new_server(tmp_path, TEXT + "# the end\n")
    state = server.session.states[uri]
    check_now(server, uri)
    typed(server, uri, COMMENT, "x", 2)
    assert server._comment_edit(state, state.doc.snapshot()) is True
    typed(server, uri, 12, "y", 3)
    assert server._comment_edit(state, state.doc.snapshot()) is False  # both since the last check
    check_now(server, uri)
    typed(server, uri, 12, "z", 4)
    assert server._comment_edit(state, state.doc.snapshot()) is True


def test_a_comment_edit_is_checked_inline_only_while_such_checks_of_the_document_are_fast(tmp_path):
    server, uri, _ = new_server(tmp_path)
    state = server.session.states[uri]
    check_now(server, uri)
    typed(server, uri, COMMENT, "x", 2)
    assert state.comment_check_s is None and server._inline(state, state.doc.snapshot()) is None  # not known yet
    check_now(server, uri)  # the first one: its time is noted
    assert state.comment_check_s is not None and state.comment_check_s > 0
    typed(server, uri, COMMENT, "y", 3)
    state.comment_check_s = 0.001  # this machine's time aside: as fast as it is here (~0.5 ms)
    assert server._inline(state, state.doc.snapshot()) is not None
    state.comment_check_s = 0.5  # slower than the switch interval: back to the worker thread
    assert server._inline(state, state.doc.snapshot()) is None
    state.comment_check_s = 0.0

    async def running() -> object:
        state.running = asyncio.get_running_loop().create_future()  # another check of it in flight
        return server._inline(state, state.doc.snapshot())

    assert asyncio.run(running()) is None


@pytest.fixture
def any_check_counts_as_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bound on an inline check's time set to a second: what is asked here is every other
    condition, not how fast this machine checks (a loaded one may take over 5 ms)."""
    monkeypatch.setattr(sys, "getswitchinterval", lambda: 1.0)


def test_no_check_on_the_event_loop_reads_settings_or_the_knowledge_base_again(tmp_path, any_check_counts_as_fast):
    server, uri, _ = new_server(tmp_path)
    state = server.session.states[uri]
    check_now(server, uri)
    typed(server, uri, COMMENT, "x", 2)
    check_now(server, uri)
    typed(server, uri, COMMENT, "y", 3)
    assert server._inline(state, state.doc.snapshot()) is not None
    (tmp_path / "pyproject.toml").write_text('[tool.errata]\nignore = ["LXF0"]\n', encoding="utf-8")
    assert server.session.prepared(uri) is None and server._inline(state, state.doc.snapshot()) is None
    check_now(server, uri)  # in the worker thread, as `_publish_newest` would: the new settings read
    assert state.analysis.findings == []
    typed(server, uri, COMMENT, "z", 4)
    assert server._inline(state, state.doc.snapshot()) is not None
    (tmp_path / "pyproject.toml").write_text('[tool.errata]\nignore = ["LXF0"]\nkb-paths = ["more"]\n',
                                            encoding="utf-8")
    assert server.session.prepared(uri) is None  # the root's kb-paths changed: a knowledge base to load
    server.session.apply_client_settings({"select": ["LXF"]})
    check_now(server, uri)
    typed(server, uri, COMMENT, "w", 5)
    settings, kb = server.session.prepared(uri)
    assert settings is server.session.settings_for(uri) and kb is server.session.kb and settings.select == ("LXF",)
    server.session.apply_client_settings({"select": ["LXF0"]})  # a new generation
    assert server.session.prepared(uri) is None and server._inline(state, state.doc.snapshot()) is None


def test_typing_in_a_comment_publishes_each_version_as_a_fresh_server_does_and_inline_after_the_first(
        tmp_path, any_check_counts_as_fast):
    server, uri, written = new_server(tmp_path)
    state = server.session.states[uri]
    to_worker = []
    real = server.analysis_of

    async def analysis_of(*args):
        to_worker.append(state.doc.version)
        return await real(*args)

    server.analysis_of = analysis_of  # counts the checks that went to the worker thread

    async def run() -> None:
        server.schedule(uri)
        await state.task
        for version in range(2, 7):
            typed(server, uri, COMMENT, "x", version)
            server.schedule(uri)
            await state.task

    asyncio.run(run())
    assert to_worker == [1, 2]  # the open, the first comment check; the rest on the loop
    published = written.publishes()
    assert [v for v, _ in published] == [1, 2, 3, 4, 5, 6]
    expected = fresh_diagnostics(tmp_path, state.doc.text)
    assert [d["code"] for d in expected] == ["LXF007"] and expected[0]["range"] == {
        "start": {"line": 10, "character": 58}, "end": {"line": 10, "character": 70}}
    assert all(diagnostics == expected for _, diagnostics in published)


def test_a_stale_result_is_dropped_and_the_newest_version_checked_and_published(tmp_path, any_check_counts_as_fast):
    server, uri, written = new_server(tmp_path)
    state = server.session.states[uri]

    async def run() -> None:
        server.schedule(uri)
        await state.task
        typed(server, uri, COMMENT, "a", 2)
        server.schedule(uri)
        for _ in range(100_000):  # version 2 is being checked in the worker thread
            if state.running is not None:
                break
            await asyncio.sleep(0)
        assert state.running is not None, "the check of version 2 never started"
        typed(server, uri, COMMENT, "b", 3)
        typed(server, uri, CODE - 1, "c", 4)  # still the comment line
        server.schedule(uri)
        await state.task

    asyncio.run(run())
    assert [v for v, _ in written.publishes()] == [1, 4]
    assert written.publishes()[-1][1] == fresh_diagnostics(tmp_path, state.doc.text)


# --- diagnostics converted once ----------------------------------------------------------------------
def test_the_same_finding_on_a_changed_line_is_converted_again(tmp_path):
    server, uri, _ = new_server(tmp_path, "ab = 1\n")
    state = server.session.states[uri]
    finding = Finding("LXF007", "a85d2736c0e818cf", Span.of(0, 2, 0, 3), "m", Severity.ERROR)
    kb = server.session.kb
    first, _ = server._converted(state, [finding], state.doc.snapshot(), kb)
    assert first[0].range == types.Range(types.Position(0, 2), types.Position(0, 3))
    typed(server, uri, 0, "\U0001f680", 2, column=0)  # two UTF-16 units before the same columns
    second, _ = server._converted(state, [finding], state.doc.snapshot(), kb)
    assert second[0].range == types.Range(types.Position(0, 3), types.Position(0, 4))


def test_diagnostics_are_reused_whole_only_for_the_same_findings_and_an_edit_on_no_line_of_theirs(tmp_path):
    server, uri, _ = new_server(tmp_path)
    state = server.session.states[uri]
    check_now(server, uri)
    before = state.analysis
    typed(server, uri, COMMENT, "x", 2)
    doc = state.doc.snapshot()
    assert before.holds_for(before.findings, doc, before.kb) is True
    assert before.holds_for(list(reversed(before.findings)) + [before.findings[0]], doc, before.kb) is False
    assert before.holds_for([Finding(**vars(f)) for f in before.findings], doc, before.kb) is False  # equal, not the same
    check_now(server, uri)
    assert state.analysis.payloads is before.payloads  # the engine handed back the same finding
    typed(server, uri, CODE, "  ", 3)  # trailing blanks on the finding's own line
    assert state.analysis.holds_for(state.analysis.findings, state.doc.snapshot(), state.analysis.kb) is False


# --- settings -------------------------------------------------------------------------------------------
def test_settings_are_kept_while_no_pyproject_changes_and_follow_one_written_on_disk(tmp_path):
    server, uri, _ = new_server(tmp_path)
    session = server.session
    first = session.settings_for(uri)
    assert session.settings_for(uri) is first and first.ignore == ()
    (tmp_path / "pyproject.toml").write_text('[tool.errata]\nignore = ["LXF007"]\n', encoding="utf-8")
    assert session.settings_for(uri).ignore == ("LXF007",)
    (tmp_path / "pyproject.toml").write_text('[tool.errata]\nignore = ["LXF0"]\n', encoding="utf-8")
    assert session.settings_for(uri).ignore == ("LXF0",)
    (tmp_path / "pyproject.toml").unlink()
    assert session.settings_for(uri).ignore == ()
    inner = tmp_path / "pkg"
    inner.mkdir()
    inner_uri = (inner / "train.py").as_uri()  # not saved yet: its folder's settings
    assert session.settings_for(inner_uri).ignore == ()
    (tmp_path / "pyproject.toml").write_text('[tool.errata]\nignore = ["LXF001"]\n', encoding="utf-8")
    assert session.settings_for(inner_uri).ignore == ("LXF001",)  # a parent's, new on disk
    session.apply_client_settings({"select": ["LXF00"]})
    assert session.settings_for(inner_uri).select == ("LXF00",)


def test_the_roots_kb_paths_follow_its_pyproject(tmp_path):
    server, _, _ = new_server(tmp_path)
    session = server.session
    assert session._root_paths(tmp_path) == ()
    (tmp_path / "pyproject.toml").write_text('[tool.errata]\nkb-paths = ["records"]\n', encoding="utf-8")
    assert session._root_paths(tmp_path) == (str(tmp_path / "records"),)


# --- a document's notifications go straight to errata's handler -------------------------------------
def test_a_change_reaches_the_handler_directly_and_its_failure_is_reported_as_pygls_reports_it():
    server = AdaptedServer("t", "0", protocol_cls=AdaptedProtocol)
    written = Captured()
    server.protocol.set_writer(written)
    seen: list[types.DidChangeTextDocumentParams] = []
    errors: list[Exception] = []
    server.report_server_error = lambda error, source: errors.append(error)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def changed(ls, params: types.DidChangeTextDocumentParams) -> None:
        seen.append(params)
        if params.text_document.version == 3:
            raise ValueError("a handler bug")

    def send(message: dict) -> None:
        framing.dispatch(server.protocol, json.dumps({"jsonrpc": "2.0", **message}).encode(), errors.append)

    def change(version: int) -> dict:
        return {"method": "textDocument/didChange", "params": {
            "textDocument": {"uri": "file:///t.py", "version": version},
            "contentChanges": [{"range": {"start": {"line": 0, "character": 1}, "end": {"line": 0, "character": 1}},
                                "text": "x"}]}}

    async def run() -> None:
        send({"id": 1, "method": "initialize", "params": {"capabilities": {}}})
        send(change(2))
        send(change(3))
        send({"id": 2, "method": "shutdown"})
        await asyncio.sleep(0.05)
        send(change(4))

    asyncio.run(run())
    assert [p.text_document.version for p in seen] == [2, 3]  # nothing after shutdown
    assert seen[0].content_changes[0] == types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(0, 1), types.Position(0, 1)), text="x")
    assert len(errors) == 1 and isinstance(errors[0], JsonRpcInternalError) and "a handler bug" in str(errors[0])
