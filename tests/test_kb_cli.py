"""`errata-lsp kb validate` and `errata-lsp kb stats`."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter

import pytest

from errata_lsp.cli import main
from errata_lsp.kb import SHIPPED, KnowledgeBase

PROBLEM_LINE = re.compile(r"^(?P<path>.+?):(?P<line>\d+): (?P<message>.+)$")


@pytest.fixture
def in_empty_dir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def record(rid: str, **extra) -> dict:
    data = {"id": rid, "repo": "acme/widgets", "errorMessage": f"Gadget {rid} jammed at {{where}}",
            "errorClass": "RuntimeError", "tags": ["gadgets", "jam"]}
    data.update(extra)
    return data


def _bad_folder(root):
    """Two files with bad records at known lines, one good file; returns {(path, line): field}."""
    folder = root / "records"
    (folder / "more").mkdir(parents=True)
    lines = [json.dumps(record("ok1")), "{broken", json.dumps(record("ok2", lineNumber="7")),
             json.dumps(record("ok3", messagePattern="Gadget ([a-z")), json.dumps(record("ok4"))]
    jsonl = folder / "a.jsonl"
    jsonl.write_text("\n".join(lines) + "\n", encoding="utf-8")
    array = folder / "more" / "b.json"
    array.write_text(json.dumps([record("ok5"), {"id": "x", "repo": "acme/widgets", "errorMessage": "m"}, record("ok1")], indent=2),
                     encoding="utf-8")
    text = array.read_text(encoding="utf-8").split("\n")
    missing_line = next(i for i, ln in enumerate(text) if '"id": "x"' in ln)  # 1-based line of its `{`
    dup_line = next(i for i, ln in enumerate(text) if '"id": "ok1"' in ln)
    (folder / "good.jsonl").write_text(json.dumps(record("ok6")), encoding="utf-8")
    expected = {
        (str(jsonl), 2): "invalid JSON",
        (str(jsonl), 3): "lineNumber",
        (str(jsonl), 4): "messagePattern",
        (str(array), missing_line): "errorClass",
        (str(array), dup_line): "duplicate",
    }
    return folder, expected


def test_validate_reports_every_bad_record_with_file_and_line(in_empty_dir, capsys):
    folder, expected = _bad_folder(in_empty_dir)
    assert main(["kb", "validate", str(folder)]) == 1
    captured = capsys.readouterr()
    reported = {}
    for line in captured.out.splitlines():
        m = PROBLEM_LINE.match(line)
        assert m, f"not `path:line: message`: {line!r}"
        reported[(m["path"], int(m["line"]))] = m["message"]
    assert set(reported) == set(expected)
    for where, word in expected.items():
        assert word in reported[where], (where, reported[where])
    good = {"ok1", "ok2", "ok3", "ok4", "ok5", "ok6"} - {"ok2", "ok3"}
    assert f"{len(good)} record(s) loaded, {len(expected)} problem(s)" in captured.err


def test_validate_several_paths(in_empty_dir, capsys):
    a = in_empty_dir / "a.json"
    a.write_text(json.dumps(record("a")), encoding="utf-8")
    b = in_empty_dir / "b.jsonl"
    b.write_text(json.dumps(record("b", solutions="not a list")) + "\n", encoding="utf-8")
    assert main(["kb", "validate", str(a)]) == 0
    assert capsys.readouterr().out == ""
    assert main(["kb", "validate", str(a), str(b)]) == 1
    assert capsys.readouterr().out.splitlines() == [f"{b}:1: record 'b': field `solutions` must be a list or null, found a string"]


def test_validate_missing_path_is_reported_not_raised(in_empty_dir, capsys):
    assert main(["kb", "validate", str(in_empty_dir / "nope.jsonl")]) == 1
    out = capsys.readouterr().out
    assert "nope.jsonl" in out and "Traceback" not in out


def test_validate_shipped_kb_exits_0():
    """The real command, as CI runs it, on the shipped knowledge base and on its folders (one per pack)."""
    for args in ([], [str(folder) for folder in SHIPPED]):
        done = subprocess.run([sys.executable, "-m", "errata_lsp", "kb", "validate", *args],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout == ""
        assert "0 problem(s)" in done.stderr


def _parse_stats(out: str) -> tuple[int, dict[str, Counter]]:
    total = int(re.match(r"(\d+) records", out)[1])
    tables: dict[str, Counter] = {}
    current = None
    for line in out.split("\ncorrected, checked against", 1)[0].splitlines()[1:]:  # the corrections section: test_kb_corrections
        heading = re.match(r"by (.+):$", line)
        if heading:
            current = tables.setdefault(heading[1], Counter())
        elif line.strip():
            count, value = line.split(maxsplit=1)
            current[value] = int(count)
    return total, tables


def test_stats_counts_by_repo_class_and_tag(in_empty_dir, capsys):
    extra = in_empty_dir / "extra.jsonl"
    extra.write_text("\n".join(json.dumps(record(f"s{i}", errorClass=cls)) for i, cls in
                               enumerate(["RuntimeError", "RuntimeError", "acme.GadgetError"])), encoding="utf-8")
    assert main(["kb", "stats", "--kb", str(extra)]) == 0
    total, tables = _parse_stats(capsys.readouterr().out)
    shipped = list(KnowledgeBase.load())
    assert total == len(shipped) + 3
    assert set(tables) == {"repo", "error class", "tag"}
    assert tables["repo"]["acme/widgets"] == 3
    assert tables["repo"]["Lightning-AI/pytorch-lightning"] == sum(r.data["repo"] == "Lightning-AI/pytorch-lightning" for r in shipped)
    assert sum(tables["repo"].values()) == total
    expected_classes = Counter(r.error_class for r in shipped) + Counter({"RuntimeError": 2, "acme.GadgetError": 1})
    assert tables["error class"] == expected_classes
    expected_tags = Counter(t for r in shipped for t in r.get("tags", [])) + Counter({"gadgets": 3, "jam": 3})
    assert tables["tag"] == expected_tags


def test_stats_output_is_sorted_by_count(in_empty_dir, capsys):
    assert main(["kb", "stats"]) == 0
    out = capsys.readouterr().out
    block = out.split("by error class:\n", 1)[1].split("\n\n", 1)[0]
    counts = [int(line.split()[0]) for line in block.splitlines()]
    assert counts == sorted(counts, reverse=True) and len(counts) > 3
