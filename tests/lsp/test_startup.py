"""What the server process loads before its first diagnostics, over real stdio: none of the command
line's parser, the approximate lookup (sqlite3), hashing, temporary files or fuzzy matching; and the
pieces loaded later give the same answers as when they were loaded up front."""

from __future__ import annotations

import subprocess
import sys
import time

from errata_lsp.kb import KnowledgeBase, cache
from tests.stdio_client import SAMPLE, SAMPLE_URI, LspClient

# Needed by none of the first diagnostics; all but the command line's module were imported before
# them by the `errata-lsp` process of e111dc8.
NOT_BEFORE_FIRST_DIAGNOSTICS = {
    "argparse", "gettext",  # the command line's parser: an editor starts `errata-lsp` with no argument
    "sqlite3", "_sqlite3", "errata_lsp.kb.rank",  # the approximate lookup: `errata.explain` and logs only
    "hashlib", "_hashlib",  # the record cache's and the lookup cache's file names
    "tempfile", "shutil", "bz2", "lzma", "random",  # atomic writes of fixes, from the command line
    "difflib",  # the nearest spelling of a misspelt `detect` value
    "errata_lsp.cli",  # the command line
    "pkgutil",  # a listing finds the rule modules
    "errata_lsp.analysis.symbols",  # what a hover names: loaded by the first hover
}


# The server as `python -m errata_lsp` runs it, telling on its way out which modules it imported:
# those the interpreter had not loaded before it (a site's `.pth` hook may import `tempfile` itself).
SERVER_THAT_LISTS_ITS_MODULES = (
    "import atexit, runpy, sys\n"
    "before = set(sys.modules)\n"
    "atexit.register(lambda: print('MODULES', *sorted(set(sys.modules) - before), file=sys.stderr))\n"
    "runpy.run_module('errata_lsp', run_name='__main__', alter_sys=True)\n"
)


def test_first_diagnostics_need_no_parser_lookup_hashing_or_temporary_files(tmp_path):
    stderr = tmp_path / "stderr.txt"
    with LspClient([sys.executable, "-c", SERVER_THAT_LISTS_ITS_MODULES], stderr_path=stderr) as client:
        client.initialize()
        client.notify("initialized", {})
        client.open(SAMPLE_URI, SAMPLE)
        deadline = time.monotonic() + 60
        while not client.publishes.get(SAMPLE_URI) and time.monotonic() < deadline:
            time.sleep(0.02)
        published = client.publishes.get(SAMPLE_URI)
        assert published, "no diagnostics published"
        assert [d["code"] for d in published[0].diagnostics] == ["LXF001"]  # a list where a set is needed
        time.sleep(0.3)  # what runs after the first publish (the collector settled) has run
        assert [m for m in client.logs() if "warming up failed" in m] == []  # its sample diagnostics converted
        assert client.shutdown_and_exit() == 0
    listed = [line for line in stderr.read_text(encoding="utf-8").splitlines() if line.startswith("MODULES ")]
    assert len(listed) == 1
    imported = set(listed[0].split()[1:])
    assert {"errata_lsp.analysis.engine", "errata_lsp.kb.base", "lsprotocol.types"} <= imported
    assert sorted(imported & NOT_BEFORE_FIRST_DIAGNOSTICS) == []


def test_a_small_base_builds_its_lookup_on_the_first_guess_and_guesses_the_same():
    text = "ValueError: The activation checkpointing policy must be a set of module classes"
    prepared = KnowledgeBase.load()
    prepared.ranker().prepare()  # as the server did before its first diagnostics
    lazy = KnowledgeBase.load()
    lazy.prepare_lookup()  # a base this small waits for its first lookup
    assert lazy._ranker is None
    expected = [(g.record.id, g.score) for g in prepared.guess(text)]
    assert expected and expected[0][0] == "7c98b3e7e2bf13da"  # "`activation_checkpointing_policy` must be a set, found ..."
    assert [(g.record.id, g.score) for g in lazy.guess(text)] == expected


def test_a_large_base_builds_its_lookup_when_asked_to_prepare(monkeypatch):
    monkeypatch.setattr(cache, "ON_DISK_FROM", 10)  # the shipped base counts as large
    kb = KnowledgeBase.load()
    kb.prepare_lookup()
    assert kb._ranker is not None and kb._ranker._db is not None


def test_arguments_other_than_stdio_still_go_through_the_parser():
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "serve", "--tcp"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert "errata-lsp: error: argument --tcp: expected one argument" in done.stderr


def test_one_line_table_for_the_engine_and_the_document_and_edits_still_land_where_typed():
    from lsprotocol import types

    from errata_lsp.analysis.document import LINE_BREAK
    from errata_lsp.analysis.engine import check_source
    from errata_lsp.lsp.server import Analysis
    from errata_lsp.lsp.session import Session

    session = Session(lambda message, level: None, lambda message: None)
    uri = "file:///tmp/errata-startup/train.py"
    text = "import os\n\n" + SAMPLE + "\n# a comment\n" + SAMPLE.splitlines()[1] + "\n"
    state = session.open(uri, text, 1, "python")
    doc = state.doc.snapshot()
    findings = session.findings(state, doc, session.snapshot, session.kb)
    assert [(f.code, f.span.start.line) for f in findings] == [("LXF001", 3), ("LXF001", 6)]
    assert doc.lines is state.checked.document.lines  # not split a second time
    state.analysis = Analysis(doc, session.generation, findings, [], [], "1")
    edit = types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(0, 0), types.Position(0, 0)), text="import sys\n")
    session.change(uri, [edit], 2, "utf-16")
    new_text = "import sys\n" + text
    assert state.doc.text == new_text
    assert state.doc.lines == LINE_BREAK.split(new_text)
    assert state.doc.lines[4] is doc.lines[3]  # the line strings the engine split, shared
    again = state.doc.snapshot()
    moved = session.findings(state, again, session.snapshot, session.kb)
    expected = check_source(new_text, "/tmp/errata-startup/train.py").findings
    assert [(f.code, f.span) for f in moved] == [(f.code, f.span) for f in expected]
    assert [f.span.start.line for f in moved] == [4, 7]


def test_releases_are_ordered_as_packaging_orders_them_without_it_for_plain_ones():
    import json
    import random

    from packaging.version import Version

    from errata_lsp.kb.versions import SHIPPED_TABLE, sorted_releases

    shipped = json.loads(SHIPPED_TABLE.read_text(encoding="utf-8"))["releases"]
    shuffled = random.Random(0).sample(shipped, len(shipped))
    assert sorted_releases(shuffled) == tuple(sorted(shipped, key=Version))
    assert sorted_releases(["2.2.1", "2.2.0.post1", "2.10", "2.2.0", "2.2.0.post0", "2.9.9"]) == (
        "2.2.0", "2.2.0.post0", "2.2.0.post1", "2.2.1", "2.9.9", "2.10")
    assert sorted_releases(["2.1.0", "2.1", "2.0.9"]) == ("2.0.9", "2.1.0", "2.1")  # equal: kept in order
    # a pre-release is not plain: packaging orders the whole list
    assert sorted_releases(["2.5.0", "2.5.0rc1", "2.4.9"]) == ("2.4.9", "2.5.0rc1", "2.5.0")
