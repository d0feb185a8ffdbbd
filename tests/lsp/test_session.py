"""The server's state without the server: documents, settings and their generation, the knowledge
base, and the engine's findings, as the LSP handlers call them. Problems go to the `report`
callback with a `logging` level; nothing here sends a message."""

from __future__ import annotations

import logging

from lsprotocol import types

from errata_lsp.lsp.session import Session

URI = "file:///tmp/errata-session/train.py"
TEXT = ("from lightning.fabric.strategies import XLAFSDPStrategy\n"
        "s = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])\n")


def session() -> tuple[Session, list[tuple[str, int]], list[str]]:
    reported: list[tuple[str, int]] = []
    shown: list[str] = []
    return Session(lambda message, level: reported.append((message, level)), shown.append), reported, shown


def check(s: Session, uri: str) -> list[tuple[str, int, int]]:
    state = s.states[uri]
    found = s.findings(state, state.doc.snapshot(), s.snapshot, s.kb)
    return [(f.code, f.span.start.line, f.span.start.column) for f in found]


def test_documents_open_change_and_close():
    s, reported, _ = session()
    s.open(URI, TEXT, 1, "python")
    assert check(s, URI) == [("LXF001", 1, 78)]
    edit = types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(1, 78), types.Position(1, 85)), text="{Block}")
    assert s.change(URI, [edit], 2, types.PositionEncodingKind.Utf16) is s.states[URI]
    assert s.states[URI].doc.version == 2 and check(s, URI) == []
    assert s.change("file:///tmp/errata-session/other.py", [edit], 2, types.PositionEncodingKind.Utf16) is None
    assert s.close(URI) is not None and URI not in s.states and s.close(URI) is None
    assert reported == []


def test_client_settings_bump_the_generation_and_bad_ones_are_reported():
    s, reported, _ = session()
    s.open(URI, TEXT, 1, "python")
    s.apply_client_settings({"errata": {"ignore": ["LXF001"]}})
    assert s.generation == 1 and check(s, URI) == []
    s.apply_client_settings({"severity": "loud"})
    assert s.generation == 1 and s.client_settings.ignore == ("LXF001",)
    assert reported == [("settings ignored: `severity` must be a table of code = \"error\" | \"warning\" | "
                         "\"information\"", logging.WARNING)]
    s.settings_changed_on_disk()
    assert s.generation == 2 and s.client_settings.ignore == ("LXF001",)


def test_a_log_document_is_read_line_by_line_and_a_symbol_lists_what_it_raises():
    s, _, _ = session()
    log_uri = "file:///tmp/errata-session/job.log"
    s.open(log_uri, "ValueError: You cannot set both 'auto_wrapper_callable' and 'activation_checkpointing_policy'\n",
           1, "log")
    assert check(s, log_uri) == [("LXF002", 0, 12)]
    s.open(URI, TEXT, 1, "python")
    doc = s.states[URI].doc
    from errata_lsp.analysis.findings import Position

    name, records = s.symbol_records(doc, Position(1, 8), s.kb)
    assert name == "XLAFSDPStrategy" and len(records) > 1
    assert s.symbol_records(s.states[log_uri].doc, Position(0, 3), s.kb) is None  # no symbols in a log


def test_knowledge_base_problems_are_reported_each_once_and_shown_once(tmp_path):
    bad = tmp_path / "records.json"
    bad.write_text("[{\"id\": 1}]", encoding="utf-8")
    s, reported, shown = session()
    s.apply_client_settings({"kb": {"paths": [str(bad)]}})
    kb = s.kb
    assert s.kb is kb  # loaded once while its paths are the same
    assert reported == [(f"knowledge base: {bad}:1: record 1: missing required field `repo`", logging.WARNING)]
    assert shown == ["errata: 1 problem(s) in the knowledge base; the other records are loaded. "
                     "See the errata output for details."]
    s.settings_changed_on_disk()
    assert s.kb is kb and len(reported) == 1 and len(shown) == 1  # the same paths: not loaded nor told again
