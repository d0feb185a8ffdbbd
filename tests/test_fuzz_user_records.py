"""Fuzz over one bad user record: whatever it holds (a pattern of any shape, a repeat count past any
engine, groups nested hundreds deep, a `detect` section of anything, objects nested thousands deep),
it is dropped alone at its file and line, and the shipped records and the other user records
(their messages, their cards, their `detect` rules) still work, under `regex` and under `re`."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from errata_lsp.analysis.detect import rules_from_paths
from errata_lsp.analysis.logs import log_findings
from errata_lsp.kb import KnowledgeBase, pattern
from errata_lsp.kb.base import shipped_records

try:
    from reliability.profiles import budget, soak
except ImportError:
    from tests.reliability.profiles import budget, soak

from .test_kb_bounds import GOOD, GOOD_MESSAGE, SHIPPED_MESSAGE

SHIPPED_ID = "7c98b3e7e2bf13da"
OTHER = {"id": "acme0000other001", "repo": "acme/cluster-notes", "errorClass": "RuntimeError",
         "errorMessage": "Checkpoint shard {n} is missing from {folder}", "documentation": "A shard went missing."}
OTHER_MESSAGE = "RuntimeError: Checkpoint shard 3 is missing from /ckpt/step-9"

PATTERN_PIECES = ["(", ")", "(?:", "[", "]", "{", "}", "*", "+", "?", "|", "\\", ".", "^", "$", "a", "w", "\\w*",
                  "\\d", "{4294967296}", "{99999999}", "{2,1}", "(?P<x>", "(?P=x)", "\\1", "(?=", "(?<=", "!", "Evil"]
patterns = st.one_of(
    st.lists(st.sampled_from(PATTERN_PIECES), max_size=40).map("".join),
    st.text(max_size=60),
    st.integers(0, 2**70).map(lambda n: f"Evil a{{{n}}}"),
    st.integers(1, 2000).map(lambda n: "(" * n + "Evil" + ")" * n),
    st.integers(1, 30).map(lambda n: "Evil input " + "\\w*" * n + "!"),
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=30,
)
detects = st.one_of(
    json_values,
    st.fixed_dictionaries({"code": st.from_regex(r"BAD[0-9]{3}", fullmatch=True)}, optional={
        "name": st.text(max_size=10), "summary": st.text(max_size=10), "call": json_values,
        "argument": json_values, "match": json_values, "message": st.text(max_size=30),
        "fixes": json_values, "examples": json_values}),
)
FIELDS = ["messagePattern", "detect", "solutions", "tags", "symbols", "lineNumber", "documentation", "id"]


@st.composite
def bad_records(draw) -> str:
    """One line of JSON Lines (not always valid JSON, not always an object)."""
    record = {"id": "bad-one", "repo": "acme/evil", "errorClass": "ValueError", "errorMessage": "Evil input {x}"}
    for name in draw(st.lists(st.sampled_from(FIELDS), max_size=4, unique=True)):
        if name == "messagePattern":
            record[name] = draw(patterns)
        elif name == "detect":
            record[name] = draw(detects)
        else:
            record[name] = draw(json_values)
    text = json.dumps(record)
    depth = draw(st.sampled_from([0, 0, 70, 3000]))
    if depth:  # a field nested past what a reader walks, or past the JSON decoder's recursion
        text = text[:-1] + ', "deep": ' + "[" * depth + "]" * depth + "}"
    if draw(st.integers(0, 9)) == 0:
        text = text[: draw(st.integers(0, len(text)))]  # cut short
    return text


def check_the_others_work(bad_line: str, without_regex: bool) -> None:
    saved = pattern.regex
    if without_regex:
        pattern.regex = None
    try:
        with tempfile.TemporaryDirectory() as folder:
            mine = Path(folder) / "mine.jsonl"
            mine.write_text(bad_line + "\n" + json.dumps(GOOD) + "\n", encoding="utf-8")
            other = Path(folder) / "other.json"
            other.write_text(json.dumps([OTHER], indent=2), encoding="utf-8")
            paths = [str(mine), str(other)]
            kb = KnowledgeBase.load(paths)
            assert kb.get(GOOD["id"]) is not None and kb.get(OTHER["id"]) is not None
            assert len(kb) >= len(shipped_records()[0]) + 2
            for problem in kb.problems:  # the bad record's alone, at its line
                assert (problem.path, problem.line) == (str(mine), 1), str(problem)
            assert SHIPPED_ID in [r.id for r in kb.match(SHIPPED_MESSAGE)]
            assert GOOD["id"] in [r.id for r in kb.match(GOOD_MESSAGE)]
            assert OTHER["id"] in [r.id for r in kb.match(OTHER_MESSAGE)]
            assert "A shard went missing." in kb.get(OTHER["id"]).get("documentation")
            found = log_findings([SHIPPED_MESSAGE, GOOD_MESSAGE, OTHER_MESSAGE], kb)
            assert sorted({f.span.start.line for f in found}) == [0, 1, 2]
            rules, problems = rules_from_paths(tuple(paths), ())
            assert "ACM001" in [r.code for r in rules]
            for problem in problems:
                assert str(mine) in str(problem) or "bad-one" in str(problem), str(problem)
    finally:
        pattern.regex = saved


@budget(60)
@given(bad_records(), st.booleans())
def test_one_bad_user_record_costs_only_itself(bad_line, without_regex):
    check_the_others_work(bad_line, without_regex)


@soak
@budget(60)
@given(bad_records(), st.booleans())
def test_soak_one_bad_user_record_costs_only_itself(bad_line, without_regex):
    check_the_others_work(bad_line, without_regex)
