"""A hostile knowledge base: broken record files load what they can and report the rest, and no
record (a pattern built for catastrophic backtracking, 100,000 records sharing one literal) can
hold a lookup for long.

The engine's bound: kb/match.py LOOKUP_BUDGET_S of CPU time for all pattern work of one lookup
(compiling included), after a word-index prefilter that is linear in the query. What these
lookups cost is measured by bench/bounds.py (against a lookup that spends exactly its budget, in
the same run); here they must return, and return only records the text really matches.
"""

from __future__ import annotations

import json
import random
import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from errata_lsp.kb import KnowledgeBase
from errata_lsp.kb.load import load_text
from errata_lsp.kb.match import MAX_QUERY_CHARS
from errata_lsp.kb.record import Record

try:
    from reliability.profiles import budget, soak
    from reliability.sources import ROOT
except ImportError:
    from tests.reliability.profiles import budget, soak
    from tests.reliability.sources import ROOT

RENDERED = json.loads((ROOT / "tests" / "data" / "rendered_messages.json").read_text(encoding="utf-8"))


def record(rid: str, message: str = "Something {x} went wrong", **extra) -> dict:
    return {"id": rid, "repo": "acme/lib", "errorMessage": message, "errorClass": "ValueError", **extra}


def line(obj) -> str:
    return json.dumps(obj) if not isinstance(obj, str) else obj


# (the line, what must be said about it or None when it loads)
BAD_FILE = [
    (record("good-a", "Alpha failure {x} happened"), None),
    ('{"id": "broken", "repo": ', "invalid JSON"),
    ({"id": "no-class", "repo": "acme/lib", "errorMessage": "m"}, "missing required field `errorClass`"),
    (record("wrong-type", lineNumber="12"), "field `lineNumber` must be"),
    (record("bool-line", lineNumber=True), "field `lineNumber` must be"),
    (record("list-of-ints", solutions=[1, 2]), "field `solutions` must be a list of strings"),
    (record("good-a", "Alpha again {x}"), "duplicate id 'good-a'"),
    (record("huge", "Huge field record {x}", documentation="d" * (10 * 2**20)), None),
    (record("bad-pattern", messagePattern="unclosed (group"), "`messagePattern` does not compile"),
    (record("redos", "aaaa {x}", messagePattern="(a+)+$"), None),
    (record("redos-literal", "Tensor shape {x}", messagePattern="Tensor shape ((a|aa)+)+$"), None),
    ("[1, 2, 3]", "a record must be a JSON object"),
    ('"just a string"', "a record must be a JSON object"),
    (record("", "empty id"), "missing required field `id`"),
    (line(record("trailing")) + " trailing garbage", "extra data"),
    ("// a comment line is fine", None),
    ("", None),
    (record("good-b", "Beta failure {x} happened"), None),
]


def test_bad_record_file_reports_each_problem_and_keeps_the_rest(tmp_path):
    path = tmp_path / "hostile.jsonl"
    path.write_text("\n".join(line(obj) for obj, _ in BAD_FILE) + "\n", encoding="utf-8")
    kb = KnowledgeBase.load([path], include_shipped=True)
    problems = {p.line: p.message for p in kb.problems if p.path == str(path)}
    for number, (_, expected) in enumerate(BAD_FILE, 1):
        if expected is None:
            assert number not in problems, f"line {number} should load: {problems.get(number)}"
        else:
            assert number in problems, f"line {number} not reported (expected {expected!r})"
            assert expected in problems[number], f"line {number}: {problems[number]!r}"
    assert len(problems) == sum(1 for _, e in BAD_FILE if e), problems
    assert len(kb.problems) == len(problems), [str(p) for p in kb.problems]  # nothing else, and once each
    for rid in ("good-a", "good-b", "huge", "redos", "redos-literal"):
        assert kb.get(rid) is not None, rid
    assert kb.get("good-a").error_message == "Alpha failure {x} happened"  # the first of a duplicate wins
    assert len(kb) >= len(RENDERED) + 5  # the shipped records too
    # Loaded and matched, hostile records included, every shipped message is still found, quickly.
    for case in RENDERED:
        found = [r.id for r in _timed(kb, case["message"])]
        assert case["record"] in found, case
    assert [r.id for r in kb.match("Beta failure 7 happened")] == ["good-b"]


def test_array_file_with_bad_items(tmp_path):
    items = [record("one"), {"id": 5}, record("two", lineNumber="x"), record("three")]
    path = tmp_path / "records.json"
    path.write_text("[\n" + ",\n".join(json.dumps(i) for i in items) + "\n]\n", encoding="utf-8")
    kb = KnowledgeBase.load([path], include_shipped=False)
    assert sorted(r.id for r in kb) == ["one", "three"]
    assert sorted(p.line for p in kb.problems) == [3, 4]


@pytest.mark.parametrize("content", [b"\xff\xfe\x00garbage", b"", b"   \n", b"\x00" * 100, b"not records at all"])
def test_unreadable_files_are_reported_not_raised(tmp_path, content):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    kb = KnowledgeBase.load([path, tmp_path / "missing.jsonl"], include_shipped=False)
    assert len(kb) == 0
    assert {p.path for p in kb.problems} == {str(path), str(tmp_path / "missing.jsonl")}


JSON_BITS = st.sampled_from([
    "{", "}", "[", "]", ",", ":", '"id"', '"repo"', '"errorMessage"', '"errorClass"', '"messagePattern"', '"x"',
    '"(a+)+$"', '"(?P<"', "null", "true", "1", "-0.5e9", '"\\ud800"', '"\\u0000"', "\n", "\r\n", " ", "//", "\ufeff",
])


@st.composite
def record_files(draw) -> str:
    lines = []
    for _ in range(draw(st.integers(0, 12))):
        if draw(st.booleans()):
            obj = record(draw(st.text(max_size=6)), draw(st.text(max_size=30)))
            for key in draw(st.lists(st.sampled_from(["errorClass", "repo", "lineNumber", "tags", "messagePattern"]))):
                obj[key] = draw(st.none() | st.integers() | st.text(max_size=12) | st.lists(st.integers(), max_size=2))
            lines.append(json.dumps(obj, ensure_ascii=draw(st.booleans())))
        else:
            lines.append("".join(draw(st.lists(JSON_BITS | st.text(max_size=4), max_size=20))))
    return draw(st.sampled_from(["\n", "\r\n"])).join(lines)


def _loads_or_reports(text: str) -> None:
    records, problems = load_text(text, "fuzz.jsonl")
    n_lines = max(len(text.splitlines()), text.count("\n") + text.count("\r") + 1)  # however lines are counted
    for problem in problems:
        assert 0 <= problem.line <= n_lines, problem
        assert problem.message
    kb = KnowledgeBase(records, problems)
    for rec in kb:
        _timed(kb, rec.error_message)


@budget(200)
@given(record_files())
def test_any_record_file_loads_or_reports(text):
    _loads_or_reports(text)


@soak
@budget(200)
@given(record_files())
def test_soak_record_files(text):
    _loads_or_reports(text)


# --- 100,000 records ----------------------------------------------------------------------------
REDOS_PATTERNS = ["(a+)+$", "(a|aa)+$", "(a|a?)+$", "(.*a){12}", "^(([a-z])+.)+[A-Z]([a-z])+$", "(x+x+)+y"]


def hostile_records(n: int, seed: int = 7) -> list[Record]:
    """n records: ordinary messages from a word pool, plus buckets built to hurt a lookup."""
    rng = random.Random(seed)
    pool = ["".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(4, 10))) for _ in range(20_000)]
    out = []
    for i in range(n):
        kind = i % 100
        if kind == 0:  # catastrophic pattern without a literal: every lookup sees it
            data = record(f"redos-{i}", "aaaa {x}", messagePattern=REDOS_PATTERNS[i // 100 % len(REDOS_PATTERNS)])
        elif kind == 1:  # 1% share one literal, each with its own catastrophic pattern
            data = record(f"shared-{i}", "shared failure about tensors {x}",
                          messagePattern=f"shared failure about tensors (a+)+$ {i}")
        elif kind == 2:  # patterns that do not compile under `regex`
            data = record(f"uncompilable-{i}", "odd one {x}", messagePattern="(?<=a+)b" if i % 2 else "x{2,1}")
        else:
            words = [rng.choice(pool) for _ in range(rng.randint(3, 12))]
            words.insert(rng.randint(0, len(words)), "{value}")
            data = record(f"r{i}", " ".join(words))
        out.append(Record(data, f"gen:{i}"))
    return out


@pytest.fixture(scope="module")
def big_kb():
    kb = KnowledgeBase(hostile_records(100_000))
    kb.match("warm up: builds the index")
    return kb


def _timed(kb, query: str):
    """A lookup whose every answer is true: the matched text is in the query and is the record's."""
    found = kb.match_details(query)
    for m in found:
        assert m.text in query[-MAX_QUERY_CHARS:], (m.record.id, m.text[:80])
    return [m.record for m in found]


def test_100k_records_ordinary_messages_are_found(big_kb):
    for rec in list(big_kb)[3:3000:97]:
        if rec.id[1:].isdigit():
            message = rec.error_message.replace("{value}", "42")
            assert rec.id in [r.id for r in _timed(big_kb, message)]


QUERIES = {
    "redos-input": "a" * 5000 + "!",
    "shared-bucket": "shared failure about tensors " + "a" * 60 + "!",
    "max-length-traceback": "\n".join(
        f'  File "x.py", line {i}, in f\nValueError: shared failure about tensors {"a" * 40}!' for i in range(400)),
    "over-length": "word " * (MAX_QUERY_CHARS // 2),
    "every-pool-word": " ".join(r.error_message for r in hostile_records(600, seed=7)[3::1]),
    "random-unicode": "".join(chr(c) for c in range(0x20, 0x3000, 3)),
    "empty": "",
}


@pytest.mark.parametrize("query", list(QUERIES.values()), ids=list(QUERIES))
def test_100k_records_hostile_query_is_bounded(big_kb, query):
    _timed(big_kb, query)


@budget(40)
@given(st.text(max_size=300) | st.sampled_from(list(QUERIES.values())).map(lambda q: q[:2000]))
def test_100k_records_any_query_is_bounded(big_kb, query):
    _timed(big_kb, query)


@pytest.mark.parametrize("shape", ["one-literal", "no-literal"])
def test_100k_records_in_one_bucket_are_bounded(shape):
    """Regression: a lookup compiled every candidate's pattern before it looked at its budget, so
    100,000 records sharing one literal (or having none) cost 100,000 compiles: 5 s to 35 s."""
    if shape == "one-literal":
        records = [Record(record(f"s{i}", "shared failure about tensors {x}",
                                 messagePattern=f"shared failure about tensors (a+)+$ {i}"), "") for i in range(100_000)]
        query = "shared failure about tensors " + "a" * 60 + "!"
    else:
        records = [Record(record(f"n{i}", "aaaa {x}", messagePattern=f"(a+)+$|{i}"), "") for i in range(100_000)]
        query = "a" * 60 + "!"
    kb = KnowledgeBase(records)
    kb.match("")  # builds the index
    for _ in range(2):
        _timed(kb, query)


@soak
@budget(60)
@given(st.text(max_size=3000) | st.sampled_from(list(QUERIES.values())))
def test_soak_100k_records_queries(big_kb, query):
    _timed(big_kb, query)
