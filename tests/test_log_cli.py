"""`errata-lsp log`: the known errors of a log or pasted traceback, line by line, with the codes, places
and wording the editor shows on a log document (only the pointer to more differs: no hover here)."""

from __future__ import annotations

import io
import sys

import pytest

from errata_lsp.analysis.logs import EDITOR_NOTES, log_findings
from errata_lsp.cli import main
from errata_lsp.kb import KnowledgeBase

JOB = (
    "2026-11-29 12:00:01 INFO starting worker 3\n"
    "Traceback (most recent call last):\n"
    '  File "train.py", line 40, in train\n'
    "    model = fabric.setup_module(model)\n"
    "TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Block'>]. "
    "You can try defining and passing `auto_wrapper_callable` instead.\n"
)
CI = (
    "[rank0]: TypeError: `activation_checkpointing_policy` must be a set, found [<class 'model.Block'>].\n"
    "ZeroDivisionError: division by zero\n"
    "ValueError: You cannot set both 'auto_wrapper_callable' and 'activation_checkpointing_policy'\n"
)


@pytest.fixture
def logs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("VIRTUAL_ENV", raising=False)
    (tmp_path / "job.log").write_text(JOB, encoding="utf-8")
    (tmp_path / "ci.log").write_text(CI, encoding="utf-8")
    return tmp_path


def test_each_line_that_states_a_known_error(logs, capsys):
    assert main(["log", "job.log", "ci.log"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "job.log:5:12: LXF001 TypeError: `activation_checkpointing_policy` must be a set, found "
        "[<class '__main__.Block'>]. You can try defining and passing `auto_wrapper_callable` instead. "
        "— known error, `errata-lsp explain` prints how to fix it",
        "ci.log:1:21: LXF001 TypeError: `activation_checkpointing_policy` must be a set, found "
        "[<class 'model.Block'>]. — close to a known error (approximate match), `errata-lsp explain` prints it",
        "ci.log:3:13: LXF002 ValueError: You cannot set both 'auto_wrapper_callable' and "
        "'activation_checkpointing_policy' — close to a known error (approximate match), `errata-lsp explain` prints it",
    ]


def test_stdin_with_nothing_known_and_a_missing_file(logs, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"all good\nValueError: bad\xff byte\n")))
    assert main(["log", "-"]) == 0
    assert capsys.readouterr().out == ""
    assert main(["log", "missing.log", "job.log"]) == 2  # the other file is still read
    out, err = capsys.readouterr()
    assert err == "missing.log: no such file\n"
    assert out.startswith("job.log:5:12: LXF001 ")


def test_the_editor_wording_is_the_engine_default():
    """The server calls the same function with its default notes: the messages of
    tests/lsp/test_e2e.py's log documents."""
    found = log_findings(CI.split("\n"), KnowledgeBase.load())
    assert [(f.code, f.span.start.line, f.span.start.column, f.span.end.column, f.rule) for f in found] == [
        ("LXF001", 0, 20, 99, "log-match"), ("LXF002", 2, 12, 93, "log-match")]
    assert found[0].message.endswith(" — " + EDITOR_NOTES[1])


def test_explain_falls_back_from_the_message_to_an_older_wording_to_the_closest_records():
    """One function answers `errata-lsp explain` and the editor's `errata.explain`."""
    from errata_lsp.analysis.logs import explain

    kb = KnowledgeBase.load()
    exact = explain(kb, JOB)
    assert [r.id for r in exact.records] == ["7c98b3e7e2bf13da"] and exact.note is None and not exact.approximate
    older = explain(kb, "RuntimeError: To use Fabric with more than one device, you must call `.launch()` or use "
                        "the CLI: `lightning run model --help`.")
    assert [r.id for r in older.records] == ["2c0b49e3e0298c1c"] and not older.approximate
    assert older.note == "*This is how lightning 2.1.0-2.2.5 words the message.*"
    close = explain(kb, "activation_checkpointing_policy must be a set")
    assert close.approximate and close.records[0].id == "7c98b3e7e2bf13da"
    assert close.note.startswith("*No known message matches this text exactly. Closest known errors (approximate match")
    assert explain(kb, "all good") == type(exact)([])
