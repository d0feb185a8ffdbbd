"""Loading the knowledge base: every file format, the site's text export, and bad records reported
with their file and line while the rest still loads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from errata_lsp.analysis.packs import HERE as PACKS
from errata_lsp.kb import KnowledgeBase, load_paths
from errata_lsp.kb.load import load_text
from errata_lsp.kb.text_export import parse_text_export

SEEDS = PACKS / "xla_fsdp" / "records" / "seeds"
SEED_000 = SEEDS / "000_2932a5e6317e2ed9.txt"
SEED_003 = SEEDS / "003_456b72bff5441fd1.txt"
SEED_004 = SEEDS / "004_e80abc61b5c73988.txt"


def record(rid: str, **extra) -> dict:
    data = {
        "id": rid,
        "repo": "acme/widgets",
        "errorMessage": f"Widget {rid} failed with {{reason}}",
        "errorClass": "ValueError",
        "tags": ["widgets"],
        "someFutureField": {"nested": [1, 2, rid]},  # unknown to the schema: must be kept
    }
    data.update(extra)
    return data


def ids(records) -> list[str]:
    return [r.id for r in records]


# --- formats -------------------------------------------------------------------------------------
def test_single_json_object(tmp_path):
    path = tmp_path / "one.json"
    path.write_text(json.dumps(record("a1"), indent=2), encoding="utf-8")
    records, problems = load_paths([path])
    assert problems == []
    assert ids(records) == ["a1"]
    assert records[0].data["someFutureField"] == {"nested": [1, 2, "a1"]}
    assert records[0].source == f"{path}:1"


def test_json_array_pretty_and_compact(tmp_path):
    pretty = tmp_path / "pretty.json"
    pretty.write_text(json.dumps([record("p1"), record("p2"), record("p3")], indent=4), encoding="utf-8")
    compact = tmp_path / "compact.json"
    compact.write_text(json.dumps([record("c1"), record("c2")]), encoding="utf-8")
    records, problems = load_paths([pretty, compact])
    assert problems == []
    assert ids(records) == ["p1", "p2", "p3", "c1", "c2"]
    assert all(r.data["someFutureField"]["nested"][2] == r.id for r in records)


def test_json_lines_with_blank_lines_and_crlf(tmp_path):
    lines = [json.dumps(record("l1")), "", json.dumps(record("l2")), json.dumps(record("l3"))]
    lf = tmp_path / "records.jsonl"
    lf.write_text("\n".join(lines) + "\n", encoding="utf-8")
    crlf = tmp_path / "crlf.jsonl"
    crlf.write_bytes("\r\n".join(lines).replace("l1", "w1").replace("l2", "w2").replace("l3", "w3").encode())
    records, problems = load_paths([lf, crlf])
    assert problems == []
    assert ids(records) == ["l1", "l2", "l3", "w1", "w2", "w3"]
    assert [r.source for r in records[:3]] == [f"{lf}:1", f"{lf}:3", f"{lf}:4"]


def test_json_lines_with_cr_line_endings(tmp_path):
    path = tmp_path / "mac.jsonl"
    path.write_bytes("\r".join(json.dumps(record(f"m{i}")) for i in range(3)).encode())
    records, problems = load_paths([path])
    assert [str(p) for p in problems] == []
    assert ids(records) == ["m0", "m1", "m2"]


def test_dataset_wrapper_single_lines_and_array(tmp_path):
    single = tmp_path / "wrapped.json"
    single.write_text(json.dumps({"record": record("w1"), "datasetVersion": "2026-08-28T16:17:29.566Z"}), encoding="utf-8")
    lines = tmp_path / "wrapped.jsonl"
    lines.write_text("\n".join(json.dumps({"record": record(f"w{i}"), "datasetVersion": "v"}) for i in (2, 3)), encoding="utf-8")
    array = tmp_path / "wrapped_array.json"
    array.write_text(json.dumps([{"record": record("w4"), "datasetVersion": "v"}, record("w5")]), encoding="utf-8")
    records, problems = load_paths([single, lines, array])
    assert problems == []
    assert ids(records) == ["w1", "w2", "w3", "w4", "w5"]
    assert "datasetVersion" not in records[0].data  # the record itself, not the wrapper
    assert records[0].data["someFutureField"]["nested"][2] == "w1"


def test_bom_is_accepted(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record("b1")).encode())
    records, problems = load_paths([path])
    assert problems == [] and ids(records) == ["b1"]


def test_folder_is_searched_recursively_for_record_files_only(tmp_path):
    (tmp_path / "sub" / "deeper").mkdir(parents=True)
    (tmp_path / "a.json").write_text(json.dumps(record("f1")), encoding="utf-8")
    (tmp_path / "sub" / "b.jsonl").write_text(json.dumps(record("f2")) + "\n" + json.dumps(record("f3")), encoding="utf-8")
    (tmp_path / "sub" / "deeper" / "c.txt").write_bytes(SEED_004.read_bytes())
    (tmp_path / "sub" / "notes.md").write_text("# not a record", encoding="utf-8")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "d.json").write_text(json.dumps(record("hidden")), encoding="utf-8")
    records, problems = load_paths([tmp_path])
    assert problems == []
    assert sorted(ids(records)) == ["f1", "f2", "f3", "fc8e29955b1155a3"]


def test_shipped_kb_loads_cleanly_with_seeds():
    kb = KnowledgeBase.load()
    assert kb.problems == []
    for seed_id in ("5bae6b842267fa0d", "7c98b3e7e2bf13da", "fc8e29955b1155a3"):
        assert kb.get(seed_id) is not None, seed_id


# --- the site's text export ----------------------------------------------------------------------
def _section(text: str, heading: str) -> str:
    """Everything after a heading line (callers take its first paragraph), read without the parser."""
    lines = text.split("\n")
    start = lines.index(heading) + 1
    return "\n".join(lines[start:])


@pytest.mark.parametrize(("seed", "rid", "cls", "line"), [
    (SEED_003, "7c98b3e7e2bf13da", "TypeError", 663),
    (SEED_004, "fc8e29955b1155a3", "ValueError", 659),
])
def test_text_export_fields(seed: Path, rid, cls, line):
    text = seed.read_text(encoding="utf-8")
    records, problems = load_paths([seed])
    assert problems == []
    (rec,) = records
    data = rec.data
    assert rec.id == rid and f"Data as JSON: /api/errors/{rid}" in text
    assert data["repo"] == "Lightning-AI/pytorch-lightning"
    assert rec.error_class == cls
    assert data["filePath"] == "src/lightning/fabric/strategies/xla_fsdp.py"
    assert data["lineNumber"] == line
    # The message: the paragraph after the "Error message" heading, verbatim.
    message = _section(text, "Error message").strip("\n").split("\n\n")[0]
    assert rec.error_message == message
    # The source excerpt: the lines between "Thrown at ..." and "View on GitHub", and it holds the raise.
    thrown = f"Thrown at src/lightning/fabric/strategies/xla_fsdp.py:{line}"
    excerpt = text.split(thrown, 1)[1].split("View on GitHub", 1)[0].strip("\n")
    assert data["sourceCode"].strip("\n") == excerpt
    assert f"raise {cls}(" in data["sourceCode"]
    # Solutions: the numbered list, numbers removed.
    numbered = [ln for ln in _section(text, "Solutions").split("\n\n")[0].split("\n") if ln.strip()]
    assert data["solutions"] == [ln.split(". ", 1)[1] for ln in numbered]
    assert len(data["solutions"]) >= 2
    # Example fix before/after, then the validation code and type guard as their own fields.
    example = data["exampleFix"]
    assert example.startswith("# before\n") and "\n# after\n" in example
    assert "XLAFSDPStrategy(" in example.split("# after")[0] and "XLAFSDPStrategy(" in example.split("# after")[1]
    assert "assert" in data["validationCode"] and "# after" not in data["validationCode"]
    assert data["validationCode"] in text
    assert data["triggerScenarios"].startswith("XLAFSDPStrategy(activation_checkpointing_policy=")
    assert "Trigger: " + data["triggerScenarios"] in text
    assert "Common situations: " + data["commonSituations"] in text
    assert data["documentation"] and data["documentation"] in text
    assert data["githubUrl"].endswith(f"xla_fsdp.py#L{line}")


def test_text_export_type_guard_is_separate():
    data = parse_text_export(SEED_003.read_text(encoding="utf-8"))
    assert data["typeGuard"].startswith("def is_valid_policy(policy) -> bool:")
    assert "isinstance(policy, set)" in data["typeGuard"]
    assert "def " not in data["validationCode"]
    assert "def " not in data["exampleFix"]


@pytest.mark.parametrize("newline", ["\r\n", "\r"], ids=["crlf", "cr"])
def test_text_export_with_other_line_endings(tmp_path, newline):
    """A page saved on Windows (or an old Mac) is the same record."""
    text = SEED_003.read_text(encoding="utf-8")
    path = tmp_path / "export.txt"
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))
    records, problems = load_paths([path])
    assert [str(p) for p in problems] == []
    (rec,) = records
    expected = parse_text_export(text)
    assert rec.data == expected


def test_json_seed_keeps_every_field():
    raw = json.loads(SEED_000.read_text(encoding="utf-8"))["record"]
    records, problems = load_paths([SEED_000])
    assert problems == []
    assert records[0].data == raw  # unknown fields such as slug, sourceCodeStart, backgroundTag kept


def test_text_export_without_id_is_reported(tmp_path):
    text = SEED_004.read_text(encoding="utf-8").replace("Data as JSON: /api/errors/fc8e29955b1155a3.", "")
    path = tmp_path / "noid.txt"
    path.write_text("Error message\n" + text, encoding="utf-8")
    records, problems = load_paths([path])
    assert records == []
    assert len(problems) == 1 and problems[0].path == str(path) and problems[0].line == 1


# --- bad records ---------------------------------------------------------------------------------
BAD = {
    "missing": ({"id": "bad-missing", "repo": "acme/widgets", "errorClass": "ValueError"}, "errorMessage"),
    "wrong-type": (record("bad-type", lineNumber="12"), "lineNumber"),
    "bool-as-int": (record("bad-bool", lineNumber=True), "lineNumber"),
    "list-of-int": (record("bad-list", solutions=["ok", 3]), "solutions"),
    "pattern": (record("bad-pattern", messagePattern="Widget (unclosed"), "messagePattern"),
    "not-object": ([1, 2], "object"),
}


def _jsonl_with_bad(tmp_path) -> tuple[Path, dict[str, int]]:
    """good, bad, good, bad, ... with each bad one's line number."""
    lines, where = [], {}
    for i, (name, (item, _)) in enumerate(BAD.items()):
        lines.append(json.dumps(record(f"good{i}")))
        lines.append(json.dumps(item))
        where[name] = len(lines)
    lines.append("{this is not json}")
    where["invalid-json"] = len(lines)
    lines.append(json.dumps(record("last-good")))
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, where


def test_bad_json_lines_reported_at_their_line_rest_loads(tmp_path):
    path, where = _jsonl_with_bad(tmp_path)
    records, problems = load_paths([path])
    assert ids(records) == [f"good{i}" for i in range(len(BAD))] + ["last-good"]
    assert all(p.path == str(path) for p in problems)
    assert sorted(p.line for p in problems) == sorted(where.values())
    by_line = {p.line: p.message for p in problems}
    for name, (_, field) in BAD.items():
        assert field in by_line[where[name]], (name, by_line[where[name]])
    assert "invalid JSON" in by_line[where["invalid-json"]]


def test_bad_items_in_a_pretty_array_reported_at_their_line(tmp_path):
    items = [record("g1"), BAD["missing"][0], record("g2"), BAD["pattern"][0], record("g3")]
    text = json.dumps(items, indent=2)
    path = tmp_path / "array.json"
    path.write_text(text, encoding="utf-8")
    records, problems = load_paths([path])
    assert ids(records) == ["g1", "g2", "g3"]
    lines = text.split("\n")
    expected = []
    for bad_id in ("bad-missing", "bad-pattern"):
        id_index = next(i for i, ln in enumerate(lines) if f'"id": "{bad_id}"' in ln)
        expected.append(id_index)  # 0-based index of the id line == 1-based line of the item's `{` just above
    assert [(p.path, p.line) for p in problems] == [(str(path), n) for n in expected]
    assert lines[expected[0] - 1].strip() == "{"


def test_invalid_json_inside_an_array_skips_only_that_item(tmp_path):
    good = [json.dumps(record(f"a{i}"), indent=2) for i in range(4)]
    broken = '{\n  "id": "broken",\n  "repo": oops\n}'
    text = "[\n" + ",\n".join(good[:2] + [broken] + good[2:]) + "\n]\n"
    path = tmp_path / "broken_array.json"
    path.write_text(text, encoding="utf-8")
    records, problems = load_paths([path])
    assert len(problems) == 1
    assert problems[0].path == str(path)
    assert problems[0].line == text.split("\n").index('  "repo": oops') + 1
    assert ids(records) == ["a0", "a1", "a2", "a3"]


def test_invalid_single_object_reports_its_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{\n  "id": "x",\n  "repo": \n}\n', encoding="utf-8")
    records, problems = load_paths([path])
    assert records == []
    assert [(p.path, p.line) for p in problems] == [(str(path), 4)]


def test_duplicate_id_reported_with_file_and_line_first_kept(tmp_path):
    first = tmp_path / "a.jsonl"
    first.write_text(json.dumps(record("dup", errorMessage="First {x}")) + "\n" + json.dumps(record("other")), encoding="utf-8")
    second = tmp_path / "b.json"
    second.write_text(json.dumps([record("x1"), record("dup", errorMessage="Second {x}")], indent=2), encoding="utf-8")
    kb = KnowledgeBase.load([tmp_path], include_shipped=False)
    assert sorted(r.id for r in kb) == ["dup", "other", "x1"]
    assert kb.get("dup").error_message == "First {x}"
    (problem,) = kb.problems
    text = second.read_text(encoding="utf-8").split("\n")
    dup_line = next(i for i, ln in enumerate(text) if '"id": "dup"' in ln)  # 1-based line of its `{`
    assert (problem.path, problem.line) == (str(second), dup_line)
    assert "duplicate" in problem.message and "dup" in problem.message


def test_duplicate_of_a_shipped_record_is_reported(tmp_path):
    path = tmp_path / "mine.jsonl"
    path.write_text(json.dumps(record("7c98b3e7e2bf13da")), encoding="utf-8")
    kb = KnowledgeBase.load([path])
    assert [(p.path, p.line) for p in kb.problems] == [(str(path), 1)]
    assert kb.get("7c98b3e7e2bf13da").data["repo"] == "Lightning-AI/pytorch-lightning"  # the shipped one kept


@pytest.mark.parametrize(("name", "content"), [
    ("empty.json", b""),
    ("latin1.json", json.dumps(record("x")).replace("Widget", "W\u00e9").encode("latin-1")),
    ("prose.txt", b"just some notes\n"),
])
def test_unusable_file_is_one_problem(tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content)
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps(record("fine")), encoding="utf-8")
    records, problems = load_paths([path, good])
    assert ids(records) == ["fine"]
    assert len(problems) == 1 and problems[0].path == str(path)


def test_missing_path_is_a_problem_not_an_exception(tmp_path):
    records, problems = load_paths([tmp_path / "nope.json"])
    assert records == [] and len(problems) == 1 and "nope.json" in str(problems[0])


def test_load_text_accepts_the_same_formats_as_files():
    text = "\n".join(json.dumps(record(f"t{i}")) for i in range(3))
    records, problems = load_text(text, "<memory>")
    assert problems == [] and ids(records) == ["t0", "t1", "t2"]
    assert records[1].source == "<memory>:2"


# --- any mix of good and bad records ------------------------------------------------------------------
from hypothesis import assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

KINDS = st.lists(st.sampled_from(["good", "missing", "wrong-type", "pattern", "invalid", "blank"]), max_size=12)


def _item_text(kind: str, i: int, indent: int | None) -> str:
    bad = {"missing": BAD["missing"][0], "wrong-type": BAD["wrong-type"][0], "pattern": BAD["pattern"][0]}
    if kind == "good":
        return json.dumps(record(f"h{i}", errorMessage=f"Hypothesis {i} \u2028 é 中 {{x}}"), indent=indent, ensure_ascii=False)
    if kind == "invalid":
        return '{"id": "broken", "repo": oops}' if indent is None else '{\n' + ' ' * indent + '"id": "broken",\n' + ' ' * indent + '"repo": oops\n}'
    return json.dumps(dict(bad[kind], id=f"bad{i}"), indent=indent)


@settings(max_examples=60, deadline=None)
@given(kinds=KINDS, newline=st.sampled_from(["\n", "\r\n"]))
def test_any_mix_in_json_lines(tmp_path_factory, kinds, newline):
    assume(any(kind != "blank" for kind in kinds))  # an empty file is one problem of its own
    lines = ["" if kind == "blank" else _item_text(kind, i, None) for i, kind in enumerate(kinds)]
    path = tmp_path_factory.mktemp("mix") / "mix.jsonl"
    path.write_bytes((newline.join(lines) + newline).encode("utf-8"))
    records, problems = load_paths([path])
    assert ids(records) == [f"h{i}" for i, kind in enumerate(kinds) if kind == "good"]
    bad_lines = [i + 1 for i, kind in enumerate(kinds) if kind not in ("good", "blank")]
    assert sorted(p.line for p in problems) == bad_lines
    assert all(p.path == str(path) for p in problems)


@settings(max_examples=60, deadline=None)
@given(kinds=KINDS, indent=st.sampled_from([2, 4]))
def test_any_mix_in_a_pretty_array(tmp_path_factory, kinds, indent):
    kinds = [k for k in kinds if k != "blank"]
    assume(kinds)
    pad = " " * indent
    items = ["\n".join(pad + ln for ln in _item_text(kind, i, indent).split("\n")) for i, kind in enumerate(kinds)]
    text = "[\n" + ",\n".join(items) + "\n]\n"
    path = tmp_path_factory.mktemp("mix") / "mix.json"
    path.write_text(text, encoding="utf-8")
    records, problems = load_paths([path])
    assert ids(records) == [f"h{i}" for i, kind in enumerate(kinds) if kind == "good"]
    assert len(problems) == sum(kind != "good" for kind in kinds)
    starts = [i + 1 for i, ln in enumerate(text.split("\n")) if ln == pad + "{"]
    for problem, (start, kind) in zip(problems, [(s, k) for s, k in zip(starts, kinds, strict=True) if k != "good"]):
        # a bad record is reported at its `{`; invalid JSON where the decoder stopped, inside the item
        assert start <= problem.line <= start + 3, (problem, start, kind)
