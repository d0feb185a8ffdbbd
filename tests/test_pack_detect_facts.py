"""A pack's own `detect` vocabulary (its `detect_facts.py`, kb/DETECT.md): a record's section names a
predicate the XLAFSDP pack declares, `kb validate` checks its argument, two packs may not declare one
name, and the generic `detect` engine reaches the packs only through their registry."""

from __future__ import annotations

import ast
import subprocess
import sys
from types import SimpleNamespace

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.detect import PackConflict, PackPredicate, check_spec, merge_pack_facts, pack_facts
from errata_lsp.cli import main
from errata_lsp.settings import Settings

from .test_detect import GADGET, record, write_records

# `widgets.store(thing)` fails when given an optimizer; `object` is the XLAFSDP pack's predicate.
STORE = {
    "code": "GDG009",
    "name": "stored-optimizer",
    "summary": "A store takes no optimizer",
    "call": {"qualified": ["widgets.store"]},
    "argument": {"keyword": "thing", "position": 0},
    "match": [{"object": ["optimizer"]}],
    "message": "`{argument}` is an optimizer",
    "examples": [
        {"bad": "import torch\nfrom widgets import store\nopt = torch.optim.SGD([], lr=0.1)\nstore(opt)\n",
         "count": 1, "at": "4:7-4:10", "severity": "error"},
        {"good": "import torch\nfrom widgets import store\nstore(torch.nn.Linear(2, 2))\n"},
    ],
}


def test_a_section_uses_a_pack_predicate_and_it_finds_and_validates(tmp_path, capsys):
    path = tmp_path / "mine.jsonl"
    write_records(path, record("g1", STORE))
    assert main(["kb", "validate", str(path)]) == 0
    assert capsys.readouterr().out == ""
    text = ("import torch\nfrom widgets import store\n"
            "opt = torch.optim.SGD([], lr=0.1)\nnet = torch.nn.Linear(2, 2)\n"
            "store(opt)\nstore(thing=net)\nstore(thing=opt)\n")
    found = check_source(text, "a.py", Settings(kb_paths=(str(path),))).findings
    assert [(f.code, f.span.start.line, f.span.start.column, f.message) for f in found] == [
        ("GDG009", 4, 6, "`opt` is an optimizer"), ("GDG009", 6, 12, "`opt` is an optimizer")]


def test_a_bad_argument_to_a_pack_predicate_is_a_validate_problem_with_file_and_line(tmp_path, capsys):
    path = tmp_path / "mine.jsonl"
    bad = {**STORE, "code": "GDG010", "match": [{"object": ["optimizer", "gizmo"]}],
           "unless": [{"state_dict_type": ["full", 3]}]}
    write_records(path, record("g1", GADGET), record("g2", bad))
    assert main(["kb", "validate", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:2: record 'g2': detect: `match`[0]: `object` takes a list of setup_module, raw_module, "
        "optimizer, other, unknown",
        f"{path}:2: record 'g2': detect: `unless`[0]: `state_dict_type` takes a list of strings"]
    assert check_spec({**STORE, "match": [{"object": "optimizer"}]}) == ["`match`[0]: `object` takes a list"]


def test_the_shipped_pack_declares_its_predicates_facts_and_placeholders():
    declared = pack_facts()
    assert sorted(declared.predicates) == ["never_none", "object", "pathlib_path", "state_dict_type"]
    assert list(declared.facts) == ["strategy_has_accelerator", "strategy_accelerator_objects",
                                    "strategy_has_precision", "plugins_given"]
    assert list(declared.fields) == ["strategy_accelerator"]
    assert "strategy_accelerator" in declared.message_fields and "choice" in declared.fix_fields


def _pack(**predicates: PackPredicate) -> SimpleNamespace:
    return SimpleNamespace(PREDICATES=predicates)


def test_a_name_two_packs_declare_is_an_error_that_names_both():
    color = PackPredicate(list, lambda site, arg: True)
    with pytest.raises(PackConflict) as raised:
        merge_pack_facts([("paint", _pack(color=color)), ("ink", _pack(color=color))])
    assert str(raised.value) == "the predicate `color` is declared by two packs: paint and ink"
    with pytest.raises(PackConflict) as raised:
        merge_pack_facts([("ink", _pack(kind=color))])
    assert str(raised.value) == "pack ink declares the predicate `kind`, which `detect` already has"
    with pytest.raises(PackConflict) as raised:
        merge_pack_facts([("ink", SimpleNamespace(FIELDS={"value": str}))])
    assert str(raised.value) == "pack ink declares the placeholder `value`, which `detect` already has"
    with pytest.raises(PackConflict) as raised:
        merge_pack_facts([("paint", SimpleNamespace(FACTS={"dry": bool})), ("ink", SimpleNamespace(FACTS={"dry": bool}))])
    assert str(raised.value) == "the fact `dry` is declared by two packs: paint and ink"
    merged = merge_pack_facts([("paint", _pack(color=color)), ("ink", SimpleNamespace(FACTS={"dry": bool}))])
    assert list(merged.predicates) == ["color"] and list(merged.facts) == ["dry"]


def test_the_generic_analysis_imports_no_pack():
    """`analysis/` outside `packs/` reaches a pack only through the registry (packs/__init__.py)."""
    from errata_lsp.analysis.packs import HERE, NAMES

    modules = sorted(HERE.parent.glob("*.py"))
    assert "detect.py" in {m.name for m in modules}
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [
                a.name for a in node.names] if isinstance(node, ast.Import) else []
            for name in names:
                parts = name.split(".")
                assert not any(pack in parts for pack in NAMES), f"{path.name} imports {name}"


def test_reading_detect_imports_no_pack_facts_until_a_section_is_read():
    code = ("import sys\nimport errata_lsp.analysis.detect as d\n"
            "facts = 'errata_lsp.analysis.packs.xla_fsdp.detect_facts'\n"
            "print(facts in sys.modules)\nd.pack_facts()\nprint(facts in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split() == ["False", "True"]
