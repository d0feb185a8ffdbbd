"""A pack's own `detect` vocabulary (its `detect_facts.py` registers it, kb/DETECT.md): a record's section
names a predicate the XLAFSDP pack registers, `kb validate` checks its argument, two packs may not
register one name, and the generic `detect` engine reaches the packs only through their registry."""

from __future__ import annotations

import ast
import subprocess
import sys
from types import SimpleNamespace

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.detect import (
    Machine,
    PackConflict,
    Predicate,
    Registrar,
    check_spec,
    merge_pack_facts,
    pack_facts,
)
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


def test_the_shipped_packs_register_their_predicates_facts_placeholders_and_strategies():
    declared = pack_facts()
    assert sorted(declared.pack_predicates) == ["never_none", "object", "pathlib_path", "state_dict_type"]
    assert list(declared.facts) == ["strategy_has_accelerator", "strategy_accelerator_objects",
                                    "strategy_has_precision", "plugins_given", "plugins_precision",
                                    "strategy_xla_precision"]
    assert list(declared.fields) == ["strategy_accelerator", "plugins_precision", "strategy_precision"]
    assert [(k.name, k.names, k.classes) for k in declared.strategies] == [
        ("fsdp", ("fsdp",), ("lightning.fabric.strategies.FSDPStrategy",)),
        ("xla", ("xla",), ("lightning.fabric.strategies.XLAStrategy", "lightning.fabric.strategies.xla.XLAStrategy"))]
    assert "strategy_accelerator" in declared.message_fields and "choice" in declared.fix_fields


class Color(Predicate):
    key, takes, example, holds_when = "color", list, '{"color": []}', "always"

    def __init__(self, colors: list[str]) -> None:
        self.colors = colors

    def holds(self, site, value) -> bool:
        return True


class Kind(Color):
    key = "kind"


def _pack(*predicates: type[Predicate], facts=(), fields=(), strategies=(), machines=()) -> SimpleNamespace:
    def register(detect: Registrar) -> None:
        for predicate in predicates:
            detect.predicate(predicate)
        for name in facts:
            detect.fact(name, bool)
        for name in fields:
            detect.placeholder(name, str)
        for name in strategies:
            detect.strategy(name, names=[name.upper()])
        for name in machines:
            detect.machine(name, Machine({"torch.cuda.is_available": False}, "a machine with no CUDA device"))
    return SimpleNamespace(register=register)


def test_a_name_two_packs_register_is_an_error_that_names_both():
    with pytest.raises(PackConflict) as raised:
        merge_pack_facts([("paint", _pack(Color)), ("ink", _pack(Color))])
    assert str(raised.value) == "the predicate `color` is declared by two packs: paint and ink"
    with pytest.raises(PackConflict) as raised:
        merge_pack_facts([("ink", _pack(Kind))])
    assert str(raised.value) == "pack ink declares the predicate `kind`, which `detect` already has"
    with pytest.raises(PackConflict) as raised:
        merge_pack_facts([("ink", _pack(fields=["value"]))])
    assert str(raised.value) == "pack ink declares the placeholder `value`, which `detect` already has"
    with pytest.raises(PackConflict) as raised:
        merge_pack_facts([("paint", _pack(facts=["dry"])), ("ink", _pack(facts=["dry"]))])
    assert str(raised.value) == "the fact `dry` is declared by two packs: paint and ink"
    with pytest.raises(PackConflict) as raised:
        merge_pack_facts([("ink", _pack(strategies=["xla_fsdp"]))])
    assert str(raised.value) == "pack ink declares the strategy `xla_fsdp`, which `detect` already has"
    with pytest.raises(PackConflict) as raised:
        merge_pack_facts([("paint", _pack(machines=["xla_fsdp"])), ("ink", _pack(machines=["xla_fsdp"]))])
    assert str(raised.value) == "the machine `xla_fsdp` is declared by two packs: paint and ink"
    merged = merge_pack_facts([("paint", _pack(Color, strategies=["ddp"])), ("ink", _pack(facts=["dry"]))])
    assert list(merged.pack_predicates) == ["color"] and list(merged.facts) == ["dry"]
    assert merged.predicates["color"] is Color and [(k.name, k.names) for k in merged.strategies] == [("ddp", ("ddp",))]


def test_a_registered_strategy_is_one_strategy_and_fabric_may_name():
    """`fsdp` is the CUDA pack's registration, not the core's: without that pack it is no strategy."""
    spec = {**GADGET, "strategy": ["fsdp"], "match": [{"fabric": ["fsdp", "xla_fsdp"]}]}
    assert check_spec(spec) == []
    alone = merge_pack_facts([])  # no pack registered anything
    from errata_lsp.analysis.detect import read_section

    assert read_section(spec, alone)[1] == ["`strategy` must be a list of xla_fsdp, other, unknown",
                                            "`match`[0]: `fabric` takes a list of xla_fsdp, other, unknown"]


def test_the_generic_analysis_imports_no_pack():
    """`analysis/` outside `packs/` reaches a pack only through the registry (packs/__init__.py)."""
    from errata_lsp.analysis.packs import HERE, NAMES

    modules = sorted(p for p in HERE.parent.rglob("*.py") if HERE not in p.parents)
    assert {"section.py", "predicates.py", "vocabulary.py"} <= {m.name for m in modules}
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [
                a.name for a in node.names] if isinstance(node, ast.Import) else []
            for name in names:
                parts = name.split(".")
                assert not any(pack in parts for pack in NAMES), f"{path.name} imports {name}"


def test_the_cuda_strategy_is_known_only_to_its_pack():
    """`fsdp` (Lightning's CUDA FSDPStrategy) is the CUDA pack's registration: `analysis/detect/` names
    neither the kind nor the class."""
    from errata_lsp.analysis.packs import HERE

    for path in sorted((HERE.parent / "detect").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "FSDPStrategy" not in text and '"fsdp"' not in text and "FSDP_STRATEGY" not in text, path.name
    assert "FSDP_STRATEGY" in (HERE / "cuda_fsdp" / "detect_facts.py").read_text(encoding="utf-8")


def test_reading_detect_imports_no_pack_facts_until_a_section_is_read():
    code = ("import sys\nimport errata_lsp.analysis.detect as d\n"
            "facts = 'errata_lsp.analysis.packs.xla_fsdp.detect_facts'\n"
            "print(facts in sys.modules)\nd.pack_facts()\nprint(facts in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split() == ["False", "True"]
