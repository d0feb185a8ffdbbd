"""The compiled form of a large JSON Lines file: the same records, read lazily, rebuilt when the
file changes, ignored when broken."""

from __future__ import annotations

import json
import os

import pytest

from errata_lsp.kb import KnowledgeBase
from errata_lsp.kb import cache as kb_cache
from errata_lsp.kb.load import forget_files


def record(i: int) -> dict:
    return {
        "id": f"rec{i:06d}", "repo": f"org/repo{i % 7}", "errorClass": "ValueError",
        "errorMessage": f"Widget {{name}} number{i} is broken é🚀", "tags": [f"t{i % 3}"],
        "documentation": "x" * 600, "exampleFix": "# before\nf()\n\n# after\ng()\n", "schemaVersion": 2,
    }


@pytest.fixture
def big_file(tmp_path, monkeypatch):
    monkeypatch.setenv("ERRATA_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "big.jsonl"
    lines = [json.dumps({"record": record(i), "datasetVersion": "x"}, ensure_ascii=False) for i in range(1500)]
    lines.insert(10, "{not json")
    lines.insert(20, json.dumps({"id": "no-message", "repo": "a/b"}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert path.stat().st_size >= kb_cache.MIN_BYTES
    return path


def summary(kb: KnowledgeBase):
    return sorted((r.id, r.source, r.error_class, r.error_message, tuple(r.symbols), r.get("repo")) for r in kb)


def test_second_load_reads_the_compiled_form_and_gives_the_same(big_file, tmp_path):
    first = KnowledgeBase.load([big_file], include_shipped=False)
    assert len(first) == 1500
    assert [(p.line, p.message.split(":")[0]) for p in first.problems] == [(11, "invalid JSON"), (21, "record 'no-message'")]
    assert list((tmp_path / "cache").glob("kb-*.json")), "no compiled form written"
    forget_files()  # as the next process would: this one remembers what it read
    second = KnowledgeBase.load([big_file], include_shipped=False)
    assert summary(second) == summary(first)
    assert [str(p) for p in second.problems] == [str(p) for p in first.problems]
    lazy = second.get("rec000042")
    assert lazy._data is None  # nothing read yet ...
    assert lazy.data == record(42)  # ... and the whole record on demand
    message = "Widget gear number42 is broken é🚀"
    assert [r.id for r in second.match(f"ValueError: {message}")] == ["rec000042"]


def test_a_changed_file_is_compiled_again(big_file):
    KnowledgeBase.load([big_file], include_shipped=False)
    with open(big_file, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(record(99999)) + "\n")
    os.utime(big_file, ns=(1, 1))
    kb = KnowledgeBase.load([big_file], include_shipped=False)
    assert kb.get("rec099999") is not None and len(kb) == 1501


def test_a_broken_compiled_form_is_ignored(big_file, tmp_path):
    KnowledgeBase.load([big_file], include_shipped=False)
    for saved in (tmp_path / "cache").glob("kb-*.json"):
        saved.write_text('{"format": 2, "records": [[1, 2]]')
    forget_files()
    kb = KnowledgeBase.load([big_file], include_shipped=False)
    assert len(kb) == 1500 and kb.get("rec000001").data == record(1)
