"""`for name in TABLE:`, `TABLE.keys()` and `TABLE.values()` of a dict read whole: the loop variable holds each
key (or value) on its turn, as `TABLE.items()` already gave both. A reduce op picked from such a table is then
read; a table of supported ops stays silent. Findings exact."""

from __future__ import annotations

import ast
import textwrap

from errata_lsp.analysis import check_source
from errata_lsp.analysis.context import Context
from errata_lsp.analysis.document import Document
from errata_lsp.analysis.packs import TIPS

HEAD = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

REDUCE = {"loss": "mean", "grad_norm": "max"}
SYNCED = {"loss": "mean", "tokens": "sum"}


def train(fabric, x):
"""
TAIL = """

Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train, 1.0)
"""
MAX = ("LXF027", "error", "Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce "
       "operation, got: max; `all_reduce` raises ValueError. For a max, gather and reduce: `fabric.all_gather(x).max()`")


def found(body: str) -> list[tuple[str, str, str, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1)
            for f in check_source(HEAD + body + TAIL, "train.py").findings]


def probe(source: str) -> list[tuple[str, object, tuple[str, ...]]]:
    doc = Document(textwrap.dedent(source), None)
    ctx = Context(doc, doc.chunks(("",)), TIPS)
    call = [c for c in ctx.nodes(ast.Call) if isinstance(c.func, ast.Name) and c.func.id == "probe"][-1]
    return [(v.kind, getattr(v.node, "value", None), v.when) for v in ctx.values(call.args[0])]


def test_the_values_of_a_table_are_each_a_turn():
    assert found("    for op in REDUCE.values():\n        fabric.all_reduce(x, reduce_op=op)\n") == [(*MAX, 10)]


def test_the_keys_of_a_table_iterated_whole_pick_each_entry():
    assert found("    for name in REDUCE:\n        fabric.all_reduce(x, reduce_op=REDUCE[name])\n") == [(*MAX, 10)]


def test_a_table_of_supported_ops_is_silent():
    assert found("    for name in SYNCED.keys():\n        fabric.all_reduce(x, reduce_op=SYNCED[name])\n"
                 "    for op in SYNCED.values():\n        fabric.all_reduce(x, reduce_op=op)\n") == []


def test_the_loop_variable_says_its_turn():
    source = "TABLE = {'a': 1, 'b': 2}\nfor v in TABLE.values():\n    probe(v)\n"
    assert probe(source) == [("number", 1, ("when v is 1",)), ("number", 2, ("when v is 2",))]
    source = "TABLE = {'a': 1, 'b': 2}\nfor k in TABLE:\n    probe(k)\n"
    assert probe(source) == [("str", "a", ("when k is 'a'",)), ("str", "b", ("when k is 'b'",))]


def test_a_table_the_file_cannot_read_whole_leaves_the_variable_unknown_too():
    source = "import json\nTABLE = {'a': 1, **json.load(open('x'))}\nfor v in TABLE.values():\n    probe(v)\n"
    assert [kind for kind, *_ in probe(source)] == ["number", "unknown"]
