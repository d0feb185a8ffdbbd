"""The first check of a file computes what the rules' questions need, not every table the file could give."""

from __future__ import annotations

import ast
import textwrap

from errata_lsp.analysis.context import Context
from errata_lsp.analysis.document import Document
from errata_lsp.analysis.engine import check_document
from errata_lsp.analysis.flow import _statements
from errata_lsp.analysis.packs import TIPS

FABRIC = "lightning.fabric.Fabric"  # the qualified name the calls resolve to


def context(source: str) -> Context:
    doc = Document(textwrap.dedent(source))
    return Context(doc, doc.chunks(("",)), TIPS)


def walked_functions(ctx: Context) -> list[str]:
    return sorted(s.node.name for s in ctx.flow._scopes.values() if isinstance(s.node, ast.FunctionDef))


def test_the_live_calls_of_a_name_walk_the_functions_they_are_in_and_no_other():
    ctx = context("""
        from lightning.fabric import Fabric

        def report_first_open_live_calls(rows):
            return len(rows)
            print("never reached")

        def build_first_open_live_calls():
            if False:
                Fabric(precision="64")
            return Fabric(accelerator="tpu")
    """)
    assert [(c.lineno, c.col_offset) for c in ctx.calls_to(FABRIC)] == [(11, 11)]  # line 10 never runs
    assert walked_functions(ctx) == ["build_first_open_live_calls"]


def test_a_call_in_a_function_that_returns_early_is_dead_when_asked_for_after_another():
    ctx = context("""
        from lightning.fabric import Fabric

        def first_open_early_return():
            return Fabric(accelerator="tpu")
            Fabric(precision="64")

        def first_open_other():
            Fabric(devices=8)
    """)
    assert [(c.lineno, c.col_offset) for c in ctx.calls_to(FABRIC)] == [(5, 11), (9, 4)]


def test_a_method_no_instance_runs_has_no_live_call():
    ctx = context("""
        from lightning.fabric import Fabric

        class FirstOpenBase:
            def make(self):
                return Fabric(precision="64")

        class FirstOpenChild(FirstOpenBase):
            def make(self):
                return Fabric(accelerator="tpu")

        FirstOpenChild().make()
    """)
    assert [(c.lineno, c.col_offset) for c in ctx.calls_to(FABRIC)] == [(10, 15)]


WEIGHT_DECAY = """\
import torch
from torch import nn
from lightning.fabric import Fabric


class Patches(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)


def widths(x):
    return x.shape[-1], x.dim()


def train(fabric):
    model = fabric.setup_module(nn.Linear(8, 8))
    decay = [p for p in model.parameters() if p.dim() >= 2]
    optimizer = fabric.setup_optimizers(torch.optim.AdamW([{"params": decay, "weight_decay": 0.1}]))


Fabric(strategy="xla_fsdp").launch(train)
"""


def test_a_common_trigger_word_picks_only_statements_that_also_use_its_rules_other_word():
    checked = check_document(WEIGHT_DECAY, None)
    picked = [checked.document.text.splitlines()[c.first] for c in checked.picked if c.role != "member"]
    # `Patches` and `widths` use `dim` and `shape`, words of LXF030's test, but not one of a parameter loop
    assert picked == ["import torch", "from torch import nn", "from lightning.fabric import Fabric", "def train(fabric):"]
    assert [(f.code, f.span.start.line, f.span.start.column) for f in checked.report.findings] == [("LXF030", 17, 46)]  # 0-based: line 18


def test_a_methods_statements_come_in_the_order_ast_walk_gives_them():
    tree = ast.parse(textwrap.dedent("""
        def configure(self, cfg):
            self.a = 1
            try:
                self.b = 2
            except ValueError:
                with open(cfg) as f:
                    self.c = f
            else:
                self.d: int = 4
            finally:
                self.e = 5
            match cfg:
                case {"mode": mode}:
                    self.f = mode
                case _:
                    def inner():
                        self.g = 7
            for x in range(2):
                if x:
                    self.h, self.i = x, x
                else:
                    while x:
                        self.j = [y for y in (lambda: 1,)]
    """))
    method = tree.body[0]
    expected = [n for n in ast.walk(method) if isinstance(n, ast.stmt)]
    assert [n for n in _statements(method) if isinstance(n, ast.stmt)] == expected
    assert len(expected) == 17  # the method, 14 statements under it, the nested def and its store
