"""Each built-in `detect` predicate on its own: a call where it holds (the rule reports) and one where it
does not (silent), in real source checked by the engine. A predicate class without its case here fails."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.detect import DetectRule
from errata_lsp.analysis.detect.predicates import BUILT_IN

GADGET = "from widgets import Gadget as G, Wheel, Bell\n"
FABRIC = "from lightning.fabric import Fabric\n"
ON_FABRIC = {"call": {"qualified": ["lightning.fabric.Fabric"]}, "argument": None}
EXAMPLES = [{"bad": "x", "count": 1, "at": "1:1-1:2", "severity": "error"}, {"good": "y"}]

# key: (section changes, source where it holds, source where it does not)
CASES = {
    "kind": ({"match": [{"kind": ["str"]}]}, "G(speed='x')", "G(speed=1)"),
    "kind_not": ({"match": [{"kind_not": ["number"]}]}, "G(speed='x')", "G(speed=1)"),
    "equals": ({"match": [{"equals": [0]}]}, "G(speed=0)", "G(speed=False)"),
    "lower_in": ({"match": [{"lower_in": ["max"]}]}, "G(speed='MAX')", "G(speed='min')"),
    "lower_not_in": ({"match": [{"lower_not_in": ["max"]}]}, "G(speed='min')", "G(speed='Max')"),
    "qualified": ({"match": [{"qualified": ["widgets.Wheel"]}]}, "G(speed=Wheel())", "G(speed=Bell())"),
    "not_in": ({"match": [{"not_in": ["a"]}]}, "G(speed='b')", "G(speed='a')"),
    "member_of": ({"match": [{"member_of": "torch.distributed.ReduceOp", "except": ["SUM"]}]},
                  "import torch.distributed as dist\nG(speed=dist.ReduceOp.MAX)",
                  "import torch.distributed as dist\nG(speed=dist.ReduceOp.SUM)"),
    "at_argument": ({"match": [{"at_argument": True}]}, "G(speed=0)", "s = 0\nG(speed=s)"),
    "only_value": ({"match": [{"only_value": True}]}, "G(speed=0)", "s = 0 if a else 1\nG(speed=s)"),
    "constant": ({"match": [{"constant": True}]}, "G(speed=0)", "G(speed=f())"),
    "any": ({"match": [{"any": [[{"equals": [1]}], [{"equals": [2]}]]}]}, "G(speed=2)", "G(speed=3)"),
    "not": ({"match": [{"not": {"equals": [0]}}]}, "G(speed=1)", "G(speed=0)"),
    "truthy": ({"match": [{"truthy": False}]}, "G(speed=0)", "G(speed=1)"),
    # read once the found values are known: here by `warning_unless` (an error when it holds, else a warning)
    "all_found": ({"match": [{"constant": True}], "warning_unless": [{"all_found": [{"kind": ["str"]}]}]},
                  "s = 'y' if a else 'x'\nG(speed=s)", "s = 1 if a else 'x'\nG(speed=s)"),
    "is_call": ({"match": [{"is_call": True}]}, "G(speed=f())", "G(speed=f)"),
    "in_this_file": ({"match": [{"in_this_file": True}, {"equals": [0]}]}, "G(speed=0)", "G(speed=1)"),
    "present": ({"match": [{"present": "size"}]}, "G(speed=0, size=None)", "G(speed=0)"),
    "absent": ({"match": [{"absent": "size", "position": 1}]}, "G(0)", "G(0, 5)"),
    "star_args": ({"match": [{"star_args": True}]}, "G(speed=0, *rest)", "G(speed=0)"),
    "no_arguments": ({"argument": None, "match": [{"no_arguments": True, "except": ["size"]}]}, "G(size=1)", "G(1)"),
    "sibling": ({"match": [{"sibling": {"keyword": "size"}, "is": [{"equals": [1]}]}]},
                "G(speed=0, size=1)", "G(speed=0, size=2)"),
    "all_values": ({"match": [{"equals": [0]}, {"all_values": [{"kind": ["number"]}]}]},
                   "s = 0 if a else 1\nG(speed=s)", "s = 0 if a else 'x'\nG(speed=s)"),
    "as_set": ({"argument": {"keyword": "parts"}, "match": [{"as_set": True}]}, "G(parts=[Wheel, Bell])",
               "G(parts=lambda m: True)"),
    "positional": ({"argument": None, "match": [{"positional": 2}]}, "G(0, 1)", "G(0)"),
    "fabric": ({**ON_FABRIC, "match": [{"fabric": ["fsdp"]}]}, "Fabric(strategy='FSDP')",
               "Fabric(strategy='fsdp', accelerator='tpu')"),  # Lightning runs that one as XLAFSDP
    "accelerator": ({**ON_FABRIC, "match": [{"accelerator": ["tpu"]}]}, "Fabric(accelerator='tpu')",
                    "Fabric(accelerator='cpu')"),
    "fact": ({**ON_FABRIC, "match": [{"fact": "plugins_given"}]}, "Fabric(plugins=[P()])", "Fabric(plugins=None)"),
}


def _findings(changes: dict, body: str, severity: str = "error") -> list[str]:
    spec = {"code": "GDG001", "name": "gadget", "call": {"qualified": ["widgets.Gadget"]},
            "argument": {"keyword": "speed", "position": 0}, "paths": "any", "message": "found",
            "examples": EXAMPLES, **changes}
    rule = DetectRule({k: v for k, v in spec.items() if v is not None}, "g1")
    text = (FABRIC if "Fabric(" in body else GADGET) + body + "\n"
    return [f"{f.code} {f.span.start.line}" for f in check_source(text, "a.py", rules=[rule]).findings
            if f.severity.value == severity]


def test_member_of_takes_the_attribute_right_after_the_class_not_one_read_on_a_member():
    # torchtitan's `dist_mean`: `ReduceOp.AVG.name` is the str "AVG", no member called `name`
    changes = {"match": [{"member_of": "torch.distributed.ReduceOp", "except": ["SUM"]}]}
    assert _findings(changes, "import torch.distributed.distributed_c10d as c10d\nG(speed=c10d.ReduceOp.AVG.name)") == []
    assert _findings(changes, "import torch.distributed.distributed_c10d as c10d\nG(speed=c10d.ReduceOp.AVG)") == [
        "GDG001 2"]


def test_a_single_path_rule_reads_a_constant_computed_where_it_is_written():
    # `"MA" + "X"`, `ReduceOp.MAX.name`: one str on every path, made by the expression at the argument
    changes = {"paths": "single", "match": [{"lower_in": ["max"]}]}
    assert _findings(changes, "G(speed='MA' + 'X')") == ["GDG001 1"]
    assert _findings(changes, "import torch.distributed as dist\nG(speed=dist.ReduceOp.MAX.name)") == ["GDG001 2"]
    assert _findings(changes, "import torch.distributed as dist\nG(speed=dist.ReduceOp.MIN.name)") == []
    assert _findings(changes, "s = 'MA' + 'X' if a else 'sum'\nG(speed=s)") == []  # two values: not single


def test_every_built_in_predicate_has_its_case():
    assert sorted(CASES) == sorted(p.key for p in BUILT_IN)


@pytest.mark.parametrize("key", sorted(CASES))
def test_a_predicate_holds_where_it_should_and_nowhere_else(key):
    changes, holds, does_not = CASES[key]
    line = holds.count("\n") + 1
    assert _findings(changes, holds) == [f"GDG001 {line}"]
    assert _findings(changes, does_not) == []
    if key == "all_found":  # not every found value is a string: a warning, not an error
        assert _findings(changes, does_not, "warning") == [f"GDG001 {does_not.count(chr(10)) + 1}"]
