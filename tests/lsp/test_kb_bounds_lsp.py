"""The knowledge base's bounds over a real LSP client: a pattern that backtracks for ages under `re`
does not stop the server, a record file edited on disk changes the hover card as it changes the
diagnostic, and a log document keeps its findings through edits."""

from __future__ import annotations

import json
import sys
import time

from ..stdio_client import HOVER_AT, SAMPLE, LspClient
from ..test_kb_bounds import GOOD, POLYNOMIAL, SHIPPED_MESSAGE, TRAIN, bad, write_lines

WITHOUT_REGEX = [sys.executable, "-c", "import sys; sys.modules['regex'] = None\n"
                 "from errata_lsp.entry import main\nraise SystemExit(main([]))"]


def published(client: LspClient, uri: str, predicate=lambda diagnostics: True, timeout: float = 60) -> list:
    return client.wait_notification(
        "textDocument/publishDiagnostics", lambda p: p["uri"] == uri and predicate(p["diagnostics"]),
        timeout=timeout)["diagnostics"]


def test_without_regex_a_log_line_a_pattern_backtracks_on_does_not_stop_the_server(tmp_path):
    """Before, `re` ran the pattern in the server's process: no reply to anything, ever again."""
    records = write_lines(tmp_path / "mine.jsonl", bad("poly", messagePattern=POLYNOMIAL), GOOD)
    client = LspClient(cmd=WITHOUT_REGEX, stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(options={"kb": {"paths": [str(records)]}})
        log = (tmp_path / "ci.log").as_uri()
        evil = [f"ValueError: Evil input {'a' * (3000 + i)}" for i in range(10)]  # ten texts: each is matched
        client.open(log, "\n".join([*evil, SHIPPED_MESSAGE]) + "\n", language="log")
        py = (tmp_path / "sample.py").as_uri()
        client.open(py, SAMPLE)
        began = time.monotonic()
        hover = client.hover(py, HOVER_AT["line"], HOVER_AT["character"], timeout=15)
        assert "must be a set" in hover["contents"]["value"]
        assert time.monotonic() - began < 15
        found = published(client, log, lambda ds: bool(ds))
        exact = [(d["range"]["start"]["line"], d["code"]) for d in found if "approximate" not in d["message"]]
        assert exact == [(10, "LXF001")]  # the evil lines are only close to a record
        assert [m for m in client.logs() if f"{records}:1: record 'poly': `messagePattern` ran past" in m]
        assert client.shutdown_and_exit(timeout=15) == 0
    finally:
        client.close()


def test_a_record_file_edited_on_disk_changes_the_hover_card_too(tmp_path):
    records = write_lines(tmp_path / "mine.jsonl", GOOD)
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(options={"kb": {"paths": [str(records)]}})
        uri = (tmp_path / "train.py").as_uri()
        client.open(uri, TRAIN)
        [diagnostic] = published(client, uri, lambda ds: bool(ds))
        position = diagnostic["range"]["start"]
        before = client.hover(uri, position["line"], position["character"])["contents"]["value"]
        assert "Our launcher rejects a Fabric that asks for no node at all." in before

        changed = {**GOOD, "documentation": "Nodes start at one on our cluster.",
                   "detect": {**GOOD["detect"], "message": "`num_nodes={value}` starts no node at all{from}"}}
        records.write_text(json.dumps(changed) + "\n", encoding="utf-8")
        client.notify("textDocument/didSave", {"textDocument": {"uri": records.as_uri()}})
        [again] = published(client, uri, lambda ds: bool(ds) and "starts no node" in ds[0]["message"])
        after = client.hover(uri, position["line"], position["character"])["contents"]["value"]
        assert again["message"].startswith("`num_nodes=0` starts no node at all")
        assert "Nodes start at one on our cluster." in after
        assert "Our launcher rejects" not in after
        assert client.shutdown_and_exit(timeout=15) == 0
    finally:
        client.close()


def test_a_record_file_edited_with_no_notice_is_read_at_the_next_keystroke(tmp_path):
    records = write_lines(tmp_path / "mine.jsonl", GOOD)
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(options={"kb": {"paths": [str(records)]}})
        uri = (tmp_path / "train.py").as_uri()
        client.open(uri, TRAIN)
        [diagnostic] = published(client, uri, lambda ds: bool(ds))
        records.write_text(json.dumps({**GOOD, "documentation": "Nodes start at one on our cluster."}) + "\n",
                           encoding="utf-8")
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"text": TRAIN + "# a comment\n"}]})
        published(client, uri, lambda ds: bool(ds))
        position = diagnostic["range"]["start"]
        after = client.hover(uri, position["line"], position["character"])["contents"]["value"]
        assert "Nodes start at one on our cluster." in after
    finally:
        client.close()


def test_a_log_document_keeps_its_findings_through_edits(tmp_path):
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize()
        uri = (tmp_path / "ci.log").as_uri()
        lines = [f"2026-11-29 12:00:01 INFO step {i} done" for i in range(3000)] + [SHIPPED_MESSAGE]
        client.open(uri, "\n".join(lines) + "\n", language="log")
        assert [d["range"]["start"]["line"] for d in published(client, uri, lambda ds: bool(ds))] == [3000]
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                                "text": SHIPPED_MESSAGE + "\nextra line\n"}]})
        found = published(client, uri, lambda ds: len(ds) == 2)
        assert [d["range"]["start"]["line"] for d in found] == [0, 3002]
        assert {d["code"] for d in found} == {"LXF001"}
    finally:
        client.close()
