"""Which record `errata-lsp explain` answers with, when several could: the exception the text states,
the last one of a traceback, the most specific message. Records are written here by hand, as a team
adds its own with `--kb`."""

from __future__ import annotations

import json

import pytest

from errata_lsp.cli import main
from errata_lsp.kb.readable import readable_message

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
        "### ValueError: Widget <name> has no shards left",
        "### RuntimeError: Widget <name> has no shards left to gather from the pool",
    ]
    assert titles(capsys, kb_file, f"RuntimeError: {text}") == [
        "### RuntimeError: Widget <name> has no shards left to gather from the pool",
        "### ValueError: Widget <name> has no shards left",
    ]


def test_explain_without_a_stated_class_answers_the_most_specific_message_first(capsys, kb_file):
    assert titles(capsys, kb_file, "the job said: Widget w1 has no shards left to gather from the pool") == [
        "### RuntimeError: Widget <name> has no shards left to gather from the pool",
        "### ValueError: Widget <name> has no shards left",
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
        "### acme.gadgets.PoolClosedError: The pool <pool> was closed while a gather was running",
    ]


def test_explain_with_no_matching_record_says_so(capsys, kb_file):
    assert main(["explain", "--kb", str(kb_file), "KeyError: 'nothing like it'"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "No known error matches this text.\n"


PATTERNS = [
    # (errorMessage, messagePattern, a message the pattern matches)
    ("Shard count must be {n}, got {m}.", r"Shard count must be \d+, got (\d+)\.", "Shard count must be 8, got 3."),
    ("Unknown device type: {kind} (expected one of [cpu, xla])",
     r"Unknown device type: '(xla|tpu)s?' \(expected one of \[cpu, xla\]\)",
     "Unknown device type: 'tpus' (expected one of [cpu, xla])"),
    ("Bucket {name} overflowed by {n} bytes", r"Bucket [A-Z]+ overflowed by \d+ bytes?", "Bucket QX overflowed by 12 byte"),
    ("Optimizer state for param_group {i} is missing. Re-create it",
     r"Optimizer state for param_group \d+ is missing\.* Re-create it",
     "Optimizer state for param_group 2 is missing Re-create it"),
    ("Mesh shape {shape} does not divide {n} devices", r"Mesh shape \(\d+, \d+\) does not divide \d+ devices{1,2}",
     "Mesh shape (2, 3) does not divide 8 devices"),
    ("Gradient accumulation over {n} steps needs no_sync", r"^Gradient accumulation over \d+ steps needs no_sync$",
     "Gradient accumulation over 4 steps needs no_sync"),
    ("Rank {rank} timed out after {s} s: barrier {name}", r"Rank\s+\d+ timed out after \d+ s: barrier \w+",
     "Rank  3 timed out after 30 s: barrier init"),
    ("Value error in shard {n}", r"Value [Ee]rror in shard number \d+", "Value error in shard number 3"),
    ("Stage {n} did not finish", r"Stage ((\d+) attempts at the warm-up step )?did not finish", "Stage did not finish"),
    # The literal `load the checkpoint at` starts inside the message's word "reload": the record must
    # not be keyed by "load", a word the message never offers.
    ("Cannot {re}load the checkpoint at {path} twice", r"Cannot (re)?load the checkpoint at .+ twice",
     "Cannot reload the checkpoint at /ckpt/last twice"),
    ("Shard {n} is not{x} ready", r"Shard \d+ is not(yet)? ready", "Shard 4 is notyet ready"),
]


@pytest.mark.parametrize(("template", "pattern", "message"), PATTERNS)
def test_explain_finds_a_record_by_its_message_pattern(capsys, tmp_path, monkeypatch, template, pattern, message):
    # The lookup keys each record by words of its pattern's literal text: escapes, classes, groups
    # and quantifiers must not put a character in that text which a real message lacks.
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "team.jsonl"
    path.write_text(json.dumps({"id": "team-1", "repo": "acme/mesh", "errorClass": "RuntimeError",
                                "errorMessage": template, "messagePattern": pattern}) + "\n", encoding="utf-8")
    assert main(["explain", "--kb", str(path), f"RuntimeError: {message}"]) == 0
    assert capsys.readouterr().out.startswith(f"### RuntimeError: {readable_message(template)}\n")


def test_explain_reads_a_message_that_runs_on_until_a_blank_line(capsys, kb_file):
    text = ("ValueError: Widget w1 has no shards\n"
            "left to gather from the pool\n"
            "\n"
            "more output that is not part of it\n")
    assert titles(capsys, kb_file, text) == [
        "### ValueError: Widget <name> has no shards left",
        "### RuntimeError: Widget <name> has no shards left to gather from the pool",
    ]
