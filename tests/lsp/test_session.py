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


REOPENED = "file:///tmp/errata-session/again.py"


def findings_of(s: Session, uri: str) -> list[tuple]:
    state = s.states[uri]
    found = s.findings(state, state.doc.snapshot(), s.snapshot, s.kb)
    return [(f.code, f.span, f.message, f.severity, f.fixes) for f in found]


def cold(s: Session, uri: str, text: str) -> list[tuple]:
    from errata_lsp.analysis.engine import check_source
    from errata_lsp.lsp.session import path_str

    return [(f.code, f.span, f.message, f.severity, f.fixes)
            for f in check_source(text, path_str(uri), s.settings_for(uri)).findings]


def trees(s: Session, uri: str) -> dict[str, object]:
    """The parsed tree of each picked chunk, by its text."""
    return {c.text: c.parsed.tree for c in s.states[uri].checked.picked}


def test_a_closed_document_opened_again_keeps_its_trees_and_finds_what_a_fresh_open_finds():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "examples" / "train_tpu.py").read_text(encoding="utf-8")
    s, reported, _ = session()
    s.open(URI, text, 1, "python")
    first = findings_of(s, URI)
    assert [(code, span.start.line, span.start.column) for code, span, *_ in first] == [
        ("LXF001", 35, 85), ("LXF003", 46, 13)]
    before = trees(s, URI)
    s.close(URI)
    assert len(s.closed) == 1 and s.closed.size == len(text)

    s.open(URI, text, 2, "python")  # the same text: the findings of the last check, no rule runs
    assert len(s.closed) == 0  # handed over: no other document can take (and renumber) these trees
    assert findings_of(s, URI) == first == cold(s, URI, text)
    assert s.states[URI].checked.reused and trees(s, URI) == before

    s.close(URI)  # edited elsewhere while closed: two lines above the policy, the policy made a set
    changed = text.replace("import torch\n", "import torch\nimport sys\n\n").replace("policy=[Block]", "policy={Block}")
    assert changed.count("\n") == text.count("\n") + 2 and changed != text
    s.open(URI, changed, 3, "python")
    again = findings_of(s, URI)
    assert [(code, span.start.line) for code, span, *_ in again] == [("LXF003", 48)]
    assert again == cold(s, URI, changed)
    kept = trees(s, URI)
    assert sum(kept.get(t) is tree for t, tree in before.items()) >= len(before) - 2  # moved, not parsed again

    s.close(URI)  # the same text under another name: the trees come along, the rules run for that name
    s.open(REOPENED, changed, 1, "python")
    assert len(s.closed) == 0 and s.states[REOPENED].checked.document.path.endswith("again.py") is False
    assert findings_of(s, REOPENED) == cold(s, REOPENED, changed)
    assert not s.states[REOPENED].checked.reused and trees(s, REOPENED) == kept
    s.open(URI, changed, 4, "python")  # nothing left to take: checked from scratch
    assert s.states[URI].checked is None and findings_of(s, URI) == cold(s, URI, changed)
    assert reported == []


def test_closed_documents_are_kept_within_their_text_budget_oldest_out_first():
    from errata_lsp.lsp.session import ClosedDocuments

    s, _, _ = session()
    s.closed = ClosedDocuments(limit=3 * len(TEXT))
    uris = [f"file:///tmp/errata-session/t{i}.py" for i in range(5)]
    texts = [TEXT.replace("s = ", f"s{i}= ") for i in range(5)]  # as long as TEXT, each its own
    for uri, text in zip(uris, texts):
        s.open(uri, text, 1, "python")
        assert s.states[uri].checked is None
        findings_of(s, uri)
        s.close(uri)
        assert s.closed.size <= 3 * len(TEXT)
    assert len(s.closed) == 3 and s.closed.size == 3 * len(TEXT)
    s.open(uris[0], texts[0], 2, "python")  # the oldest went first
    assert s.states[uris[0]].checked is None
    s.open(uris[0], texts[3], 3, "python")  # a text still kept, under another name
    assert s.states[uris[0]].checked.document.text == texts[3] and len(s.closed) == 2
    s.open(uris[4], texts[4] + "x = 1\n", 2, "python")  # its name is kept: changed text, the same check
    assert s.states[uris[4]].checked.document.text == texts[4] and len(s.closed) == 1
    big = "from lightning.fabric import Fabric\n" + "x = 1\n" * len(TEXT)
    s.open(uris[1], big, 1, "python")
    findings_of(s, uris[1])
    s.close(uris[1])  # longer than the whole budget: not kept, the others stay
    assert len(s.closed) == 1 and s.closed.size == len(TEXT)
