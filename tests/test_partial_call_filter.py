"""A call of a name is followed into the function of another module a partial written here wraps
(`remat_strategy = partial(make_strategy, remat=(Block,))`, then `remat_strategy(...)`) only for the names
a binding of the file may give such a value (`Context.names_given_values`): the other calls (builtins,
imports, plain defs) are never evaluated for it. Each way a name can hold the partial keeps its finding
(exact code, severity, place, message), and the set value twin has none."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from errata_lsp.analysis import check_source
from errata_lsp.analysis.context import Context
from errata_lsp.analysis.document import Document
from errata_lsp.analysis.findings import Position, Span
from errata_lsp.analysis.packs import TIPS

HELPER = """\
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


def make_strategy(remat=None, state_dict_type="sharded"):
    kwargs = {"auto_wrap_policy": {Block}, "state_dict_type": state_dict_type}
    if remat:
        kwargs["activation_checkpointing_policy"] = remat
    return XLAFSDPStrategy(**kwargs)
"""

HEAD = "from functools import partial\n\nfrom lightning.fabric import Fabric\n\nfrom strategy import Block, make_strategy\n\n"
CALL = 'Fabric(accelerator="tpu", strategy=remat_strategy(state_dict_type="full"))'
NOT_A_SET = ("`activation_checkpointing_policy` must be a set, found (Block,) (from `remat`, line {line}) "
             "(in `make_strategy`, `strategy.py`, line 12, for this call)")

HOLDERS = {
    "unpacked": ("plain, remat_strategy = make_strategy, partial(make_strategy, remat=(Block,))\n"
                 f"fabric = {CALL}\n", 8, 44, 7),
    "parameter": ("def build(remat_strategy):\n"
                  f"    return {CALL}\n\n\n"
                  "fabric = build(partial(make_strategy, remat=(Block,)))\n", 8, 46, 11),
    "decorated": ("def specialised(fn):\n    return partial(make_strategy, remat=(Block,))\n\n\n"
                  "@specialised\ndef remat_strategy():\n    pass\n\n\n"
                  f"fabric = {CALL}\n", 16, 44, 8),
    "walrus": ("if (remat_strategy := partial(make_strategy, remat=(Block,))):\n"
               f"    fabric = {CALL}\n", 8, 48, 7),
}


@pytest.mark.parametrize("holder", sorted(HOLDERS))
def test_a_partial_of_another_module_s_function_is_followed_whatever_binds_the_name(tmp_path: Path, holder: str):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "strategy.py").write_text(HELPER)
    code, line, column, passed_at = HOLDERS[holder]
    train = tmp_path / "train.py"
    train.write_text(HEAD + code)
    found = [(f.code, f.severity.value, f.span, f.message) for f in check_source(train.read_text(), str(train)).findings]
    span = Span(Position(line - 1, column), Position(line - 1, column + len("remat_strategy")))
    assert found == [("LXF001", "error", span, NOT_A_SET.format(line=passed_at))]
    train.write_text(HEAD + code.replace("remat=(Block,)", "remat={Block}"))
    assert check_source(train.read_text(), str(train)).findings == []


def test_the_names_given_values_are_those_an_assignment_a_parameter_or_a_decorator_of_the_file_binds():
    source = textwrap.dedent("""\
        import functools
        from functools import partial, wraps

        import torch

        held = partial(print, 1)
        first, (second, *rest) = 1, (2, 3)
        size: int = 3
        bare: int


        def specialised(fn):
            return partial(fn, 1)


        @specialised
        def made():
            pass


        @functools.lru_cache
        def cached():
            pass


        @torch.no_grad()
        def evaluated(model, *args, scale=1, **kwargs):
            if (found := model(*args)):
                return found


        class Runner:
            @staticmethod
            def seed_everything(seed):
                return seed

            @property
            def plain(self):
                return wraps
        """)
    doc = Document(source, "train.py")
    ctx = Context(doc, doc.chunks(("",)), TIPS)
    assert ctx.names_given_values == {
        "held", "first", "second", "rest", "size", "fn", "made", "model", "args", "scale", "kwargs", "found", "seed",
        "self"}
