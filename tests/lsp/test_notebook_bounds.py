"""Notebook documents over real stdio: cells are numbered as `check` numbers them (markdown cells
count), and a request on a cell is answered off the event loop, so a hover on another file does
not wait for a notebook's check or fix-all."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ..stdio_client import LspClient

IMPORT = "from lightning.fabric.strategies import XLAFSDPStrategy\n"
FIRST = "import os\n" + IMPORT + "policy = [Block]\n"
THIRD = "strategy = XLAFSDPStrategy(activation_checkpointing_policy=policy, auto_wrap_policy={Block})\n"
TITLE = "# Training on a TPU pod"
SMALL = IMPORT + "s = XLAFSDPStrategy(activation_checkpointing_policy=[Block], auto_wrap_policy={Block})\n"
SLOW = [sys.executable, str(Path(__file__).with_name("slow_notebook_server.py"))]


def open_notebook(client: LspClient, folder: Path) -> tuple[str, list[str]]:
    """A markdown cell first (kind 1), then the list in a code cell (kind 2) and the strategy in another."""
    notebook = (folder / "train.ipynb").as_uri()
    cells = [f"vscode-notebook-cell:{folder}/train.ipynb#cell{i}" for i in range(3)]
    kinds, languages, texts = (1, 2, 2), ("markdown", "python", "python"), (TITLE, FIRST, THIRD)
    client.notify("notebookDocument/didOpen", {
        "notebookDocument": {"uri": notebook, "notebookType": "jupyter-notebook", "version": 1,
                             "cells": [{"kind": k, "document": u} for k, u in zip(kinds, cells)]},
        "cellTextDocuments": [{"uri": u, "languageId": lang, "version": 1, "text": t}
                              for u, lang, t in zip(cells, languages, texts)]})
    return notebook, cells


def the_same_notebook_checked(folder: Path) -> str:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": TITLE}] + [
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": text}
        for text in (FIRST, THIRD)]
    path = folder / "train.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "-q", path.name], cwd=folder,
                          capture_output=True, text=True, timeout=120)
    return done.stdout


def test_a_finding_names_its_cells_as_check_does_with_a_markdown_cell_first(tmp_path):
    message = "`activation_checkpointing_policy` must be a set, found [Block] (from `policy`, cell 2, line 3)"
    assert the_same_notebook_checked(tmp_path) == f"train.ipynb:cell 3:1:60: LXF001 {message}\n"
    client = LspClient(stderr_path=tmp_path / "server.stderr")
    try:
        client.initialize()
        _, cells = open_notebook(client, tmp_path)
        published = client.wait_notification("textDocument/publishDiagnostics",
                                             lambda p: p["uri"] == cells[2] and p["diagnostics"], 60)
        assert [(d["code"], d["message"]) for d in published["diagnostics"]] == [("LXF001", message)]
        hover = client.hover(cells[2], 0, 61)
        # the hover is Markdown: the brackets of the found value are escaped so that they read as written
        escaped = message.replace("[", "\\[").replace("]", "\\]")
        assert hover["contents"]["value"].startswith(f"**LXF001** {escaped}\n")
    finally:
        client.close()


def code_action_request(client: LspClient, uri: str, only: list[str]) -> int:
    return client.request_async("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}},
        "context": {"diagnostics": [], "only": only}})


def slow_session(tmp_path: Path) -> tuple[LspClient, str, str, list[str]]:
    """The slow server with a small file analysed and the notebook's first diagnostics published."""
    client = LspClient(cmd=SLOW, stderr_path=tmp_path / "server.stderr")
    client.initialize()
    small = (tmp_path / "small.py").as_uri()
    client.open(small, SMALL)
    assert client.hover(small, 1, 53)["contents"]["value"].startswith("**LXF001**")  # loaded and analysed
    notebook, cells = open_notebook(client, tmp_path)
    client.wait_notification("textDocument/publishDiagnostics", lambda p: p["uri"] == cells[2] and p["diagnostics"], 60)
    return client, small, notebook, cells


def hover_request(client: LspClient, uri: str, line: int, character: int) -> int:
    return client.request_async("textDocument/hover", {"textDocument": {"uri": uri},
                                                       "position": {"line": line, "character": character}})


def test_a_hover_on_a_file_is_answered_while_a_notebook_s_fix_all_runs(tmp_path):
    client, small, _, cells = slow_session(tmp_path)
    try:
        slow = code_action_request(client, cells[2], ["source.fixAll.errata"])  # never worked out before asked
        quick = hover_request(client, small, 1, 53)
        assert client.response(quick, timeout=60)["result"]["contents"]["value"].startswith("**LXF001**")
        assert slow not in client._responses  # the notebook's fix-all had not finished
        [action] = client.response(slow, timeout=60)["result"]
        assert action["title"] == "errata: fix all in this notebook"
    finally:
        client.close()


def test_a_hover_on_a_file_is_answered_while_a_hover_on_a_cell_just_edited_waits_for_its_check(tmp_path):
    client, small, notebook, cells = slow_session(tmp_path)
    try:
        client.notify("notebookDocument/didChange", {
            "notebookDocument": {"uri": notebook, "version": 2},
            "change": {"cells": {"textContent": [{
                "document": {"uri": cells[1], "version": 2},
                "changes": [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                             "text": "# the list\n"}]}]}}})
        slow = hover_request(client, cells[2], 0, 61)
        quick = hover_request(client, small, 1, 53)
        assert client.response(quick, timeout=60)["result"]["contents"]["value"].startswith("**LXF001**")
        assert slow not in client._responses  # the cell's check had not finished
        card = client.response(slow, timeout=60)["result"]["contents"]["value"]
        assert card.startswith("**LXF001** `activation_checkpointing_policy` must be a set, found \\[Block\\] "
                               "(from `policy`, cell 2, line 4)\n")
    finally:
        client.close()
