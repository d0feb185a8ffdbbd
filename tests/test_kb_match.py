"""Which record `errata-lsp explain` answers with, when several could: the exception the text states,
the last one of a traceback, the most specific message. Records are written here by hand, as a team
adds its own with `--kb`."""

from __future__ import annotations

import json

import pytest

from errata_lsp.cli import main

RECORDS = [
    {"id": "widget-value", "repo": "acme/widgets", "errorClass": "ValueError",
     "errorMessage": "Widget {name} has no shards left"},
    {"id": "widget-runtime", "repo": "acme/gadgets", "errorClass": "RuntimeError",
     "errorMessage": "Widget {name} has no shards left to gather from the pool"},
    {"id": "pool-closed", "repo": "acme/gadgets", "errorClass": "acme.gadgets.PoolClosedError",
     "errorMessage": "The pool {pool} was closed while a gather was running"},
]


@pytest.fixture
def kb_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no pyproject.toml above: no `[tool.errata]` applies
    path = tmp_path / "team.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in RECORDS) + "\n", encoding="utf-8")
    return path


def titles(capsys, kb_file, text: str) -> list[str]:
    """The card titles `explain --all` prints, best first."""
    assert main(["explain", "--kb", str(kb_file), "--all", text]) == 0
    out = capsys.readouterr().out
    return [line for line in out.splitlines() if line.startswith("### ")]


def test_explain_prefers_a_record_of_the_exception_class_the_text_states(capsys, kb_file):
    # Both records match this text; the longer one would win on specificity alone.
    text = "Widget w1 has no shards left to gather from the pool"
    assert titles(capsys, kb_file, f"ValueError: {text}") == [
        "### ValueError: Widget {name} has no shards left",
        "### RuntimeError: Widget {name} has no shards left to gather from the pool",
    ]
    assert titles(capsys, kb_file, f"RuntimeError: {text}") == [
        "### RuntimeError: Widget {name} has no shards left to gather from the pool",
        "### ValueError: Widget {name} has no shards left",
    ]


def test_explain_without_a_stated_class_answers_the_most_specific_message_first(capsys, kb_file):
    assert titles(capsys, kb_file, "the job said: Widget w1 has no shards left to gather from the pool") == [
        "### RuntimeError: Widget {name} has no shards left to gather from the pool",
        "### ValueError: Widget {name} has no shards left",
    ]


def test_explain_answers_only_the_last_exception_of_a_traceback(capsys, kb_file):
    traceback = (
        "Traceback (most recent call last):\n"
        '  File "train.py", line 3, in <module>\n'
        "ValueError: Widget w1 has no shards left\n"
        "\n"
        "During handling of the above exception, another exception occurred:\n"
        "\n"
        "Traceback (most recent call last):\n"
        '  File "train.py", line 5, in <module>\n'
        "acme.gadgets.PoolClosedError: The pool p0 was closed\n"
        "while a gather was running\n"
    )
    # The message runs on to the next line; the exception that ended the run is the one explained,
    # the one handled on the way is not.
    assert titles(capsys, kb_file, traceback) == [
        "### acme.gadgets.PoolClosedError: The pool {pool} was closed while a gather was running",
    ]


def test_explain_with_no_matching_record_says_so(capsys, kb_file):
    assert main(["explain", "--kb", str(kb_file), "KeyError: 'nothing like it'"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "No known error matches this text.\n"
