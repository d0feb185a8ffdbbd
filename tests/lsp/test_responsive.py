"""The event loop stays free and every cached result is keyed on the text, over real stdio.

A slow analysis of one document must not hold up a hover on another; a client that sends the same
`version` for a new text must get results for that text; work that depends only on the text (fix-all,
settings) is done once per text, not once per request or per finding."""

from __future__ import annotations

import sys
from pathlib import Path

from lsprotocol import types

from errata_lsp.lsp.text import UTF16

from ..stdio_client import LspClient
from .client_tools import apply_text_edits

HEADER = "from lightning.fabric import Fabric\nfrom lightning.fabric.strategies import XLAFSDPStrategy\n"
POLICY = "s = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
PULL = {"general": {"positionEncodings": ["utf-16"]}, "textDocument": {"diagnostic": {}}}
COUNTING = [sys.executable, str(Path(__file__).with_name("counting_server.py"))]


def big_script(functions: int) -> str:
    """Many launched training functions, each with strategy and Fabric calls the rules look into."""
    body = "".join(
        f"def train_{i}(cfg):\n"
        f"    strategy = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={{Block}})\n"
        f"    fabric = Fabric(accelerator='tpu', devices=8, strategy=strategy, precision='16-mixed')\n"
        f"    model = fabric.setup(Net(cfg))\n"
        f"    with fabric.no_backward_sync(model, enabled=cfg.accumulate):\n"
        f"        fabric.backward(model(cfg.batch).sum())\n"
        f"    return model\n\n\n"
        for i in range(functions))
    return HEADER + body


def edits_of(action: dict) -> list[types.TextEdit]:
    raw = action["edit"].get("changes") or {}
    edits = next(iter(raw.values())) if raw else action["edit"]["documentChanges"][0]["edits"]
    return [types.TextEdit(range=types.Range(types.Position(**e["range"]["start"]), types.Position(**e["range"]["end"])),
                           new_text=e["newText"]) for e in edits]


def code_actions(client: LspClient, uri: str, line: int, only: list[str] | None = None) -> list[dict]:
    context = {"diagnostics": []} | ({"only": only} if only else {})
    return client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": {"start": {"line": line, "character": 0}, "end": {"line": line + 1, "character": 0}},
        "context": context})


def test_a_hover_on_a_small_file_is_answered_while_a_huge_one_is_analysed(tmp_path):
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(PULL)
        huge, small = (tmp_path / "huge.py").as_uri(), (tmp_path / "small.py").as_uri()
        client.open(small, HEADER + POLICY)
        assert client.hover(small, 2, 53)["contents"]["value"].startswith("**LXF001**")  # all loaded, small analysed
        client.open(huge, big_script(2500))
        slow = client.request_async("textDocument/diagnostic", {"textDocument": {"uri": huge}})
        quick = client.request_async("textDocument/hover", {"textDocument": {"uri": small},
                                                            "position": {"line": 2, "character": 53}})
        answer = client.response(quick, timeout=120)
        assert slow not in client._responses  # the huge file's analysis had not finished
        assert answer["result"]["contents"]["value"].startswith("**LXF001**")
        report = client.response(slow, timeout=300)["result"]
        assert {d["code"] for d in report["items"]} >= {"LXF001"}
    finally:
        client.close()


def test_a_client_that_does_not_bump_the_version_gets_fixes_for_its_text(tmp_path):
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize()
        uri = (tmp_path / "same_version.py").as_uri()
        text = HEADER + POLICY
        client.open(uri, text)
        first = client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri, 60)
        assert [(d["code"], d["range"]["start"]["character"]) for d in first["diagnostics"]] == [("LXF001", 52)]
        seen = len(client.notifications)
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 1}, "contentChanges": [
            {"range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}}, "text": "n = 0; "}]})
        text = HEADER + "n = 0; " + POLICY
        again = client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri, 60, start=seen)
        assert [(d["code"], d["range"]["start"]["character"]) for d in again["diagnostics"]] == [("LXF001", 59)]
        fix = next(a for a in code_actions(client, uri, 2, ["quickfix"]) if a["title"] == "Convert list to set")
        fixed = apply_text_edits(text, edits_of(fix), UTF16)
        assert fixed == HEADER + "n = 0; " + POLICY.replace("[Block]", "{Block}")
        assert client.hover(uri, 2, 60)["contents"]["value"].startswith("**LXF001**")
    finally:
        client.close()


def test_fix_all_is_worked_out_once_per_text_however_often_actions_are_asked(tmp_path):
    client = LspClient(cmd=COUNTING, stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(PULL)
        uri = (tmp_path / "cursor.py").as_uri()
        text = HEADER + POLICY * 3
        client.open(uri, text)
        titles = []
        for line in (2, 3, 4, 2, 3, 0, 1):  # the cursor moving: no `only`, as VS Code asks
            titles.append([a["title"] for a in code_actions(client, uri, line)])
        assert all("errata: fix all (3 safe fixes)" in t for t in titles)
        assert client.request("workspace/executeCommand", {"command": "errata.test.counts"})["fix_all"] == 1
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 4, "character": 0}, "end": {"line": 5, "character": 0}}, "text": ""}]})
        for line in (2, 3, 2):
            assert "errata: fix all (2 safe fixes)" in [a["title"] for a in code_actions(client, uri, line)]
        assert client.request("workspace/executeCommand", {"command": "errata.test.counts"})["fix_all"] == 2
    finally:
        client.close()


def test_settings_are_resolved_once_per_check_not_once_per_finding(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.errata]\nignore = ["LXF005"]\n', encoding="utf-8")
    client = LspClient(cmd=COUNTING, stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize(PULL, root=tmp_path.as_uri())
        uri = (tmp_path / "many.py").as_uri()
        client.open(uri, HEADER + POLICY * 40)
        report = client.request("textDocument/diagnostic", {"textDocument": {"uri": uri}}, timeout=60)
        assert [d["code"] for d in report["items"]] == ["LXF001"] * 40
        counts = client.request("workspace/executeCommand", {"command": "errata.test.counts"})
        assert counts["settings_for"] <= 4, counts  # the check's own, the knowledge base's, the warm-up's
    finally:
        client.close()


def test_a_log_over_the_size_limit_is_not_matched_line_by_line(tmp_path):
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize()
        uri = (tmp_path / "huge.log").as_uri()
        error = ("TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. "
                 "You can try defining and passing `auto_wrapper_callable` instead.\n")
        client.open(uri, ("2026-11-29 12:00:01 INFO step done\n" * (11 * 2**20 // 35)) + error, language="log")
        published = client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri, 120)
        assert published["diagnostics"] == []
        assert [m for m in client.logs() if uri in m and "above the 10 MiB limit" in m]
        small = (tmp_path / "small.log").as_uri()
        client.open(small, error, language="log")
        found = client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == small, 60)
        assert [d["range"]["start"]["line"] for d in found["diagnostics"]] == [0]
    finally:
        client.close()


def test_a_change_sent_right_after_the_first_publish_is_checked(tmp_path):
    """After a document's first publish the server collects once and freezes what lives; the first
    edit after that publish is checked and published with its own findings. (Whether the edit lands
    while the collection runs is up to the scheduler: this does not force that window.)"""
    uri = (tmp_path / "big.py").as_uri()
    text = big_script(400)
    with LspClient(stderr_path=tmp_path / "server.stderr") as client:
        client.initialize()
        client.open(uri, text)
        client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri, timeout=120)
        line = text.count("\n")  # the end: the policy of the new function is a list
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}},
             "text": "late = XLAFSDPStrategy(activation_checkpointing_policy=[Late])\n"}]})
        note = client.wait_notification("textDocument/publishDiagnostics",
                                        lambda p: p["uri"] == uri and p.get("version") == 2, timeout=60)
        late = [d for d in note["diagnostics"] if d["range"]["start"]["line"] == line]
        assert [(d["code"], d["range"]["start"]["character"]) for d in late] == [("LXF005", 23), ("LXF001", 55)]
        assert client.shutdown_and_exit() == 0


def test_a_document_closed_and_opened_again_publishes_what_a_fresh_server_publishes(tmp_path):
    """Reopening takes the closed document's last check as its previous version (its trees, its
    findings): the same text, a text changed while closed, and the same text under another name."""
    uri, other = (tmp_path / "train.py").as_uri(), (tmp_path / "renamed.py").as_uri()
    text = big_script(30)
    changed = text.replace(HEADER, HEADER + "import os\n\n", 1).replace("policy=[Block]", "policy={Block}", 1)

    def published(client: LspClient, uri: str, text: str) -> list[dict]:
        start = len(client.notifications)
        client.open(uri, text)
        return client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri, 120,
                                        start=start)["diagnostics"]

    def closed(client: LspClient, uri: str) -> None:
        start = len(client.notifications)
        client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri, 60, start=start)

    with LspClient(stderr_path=tmp_path / "fresh.stderr") as fresh:
        fresh.initialize()
        expected = {"text": published(fresh, uri, text), "changed": published(fresh, other, changed)}
    assert len(expected["text"]) == 60 and [(d["code"], d["range"]["start"]["line"]) for d in expected["text"][:3]] == [
        ("LXF001", 3), ("LXF007", 4), ("LXF001", 12)]
    assert len(expected["changed"]) == 59 and [  # two lines above, the first policy made a set
        (d["code"], d["range"]["start"]["line"]) for d in expected["changed"][:3]] == [
        ("LXF007", 6), ("LXF001", 14), ("LXF007", 15)]
    with LspClient(stderr_path=tmp_path / "server.stderr") as client:
        client.initialize()
        assert published(client, uri, text) == expected["text"]
        closed(client, uri)
        assert published(client, uri, text) == expected["text"]
        closed(client, uri)
        assert published(client, uri, changed) == expected["changed"]
        closed(client, uri)
        assert published(client, other, changed) == expected["changed"]
