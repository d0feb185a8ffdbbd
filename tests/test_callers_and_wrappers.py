"""Callers and wrappers of the checked file: a closure that rebinds the model and optimizer with `nonlocal`,
objects spread into `fabric.setup(*...)` from a display or a generator, `operator.methodcaller`,
`functools.reduce` with a two-parameter function. The findings are exact, on code that must trigger and code
that must not."""

from __future__ import annotations

from errata_lsp.analysis import check_source

HEAD = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


"""
TAIL = "\n\nFabric(accelerator='tpu', strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)\n"


def shown(text: str) -> list[tuple[str, str, str, int, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(text).findings]


# --- nonlocal -------------------------------------------------------------------------------------------
NONLOCAL = """\
def train(fabric):
    model = Block()
    optimizer = {optimizer}

    def prepare():
        nonlocal model, optimizer
        model = fabric.setup_module(model)
        optimizer = fabric.setup_optimizers({given})

    def step():
        optimizer.step()

    prepare()
    step()"""


def test_an_optimizer_a_nonlocal_closure_sets_up_after_the_model_but_built_before_is_flagged():
    text = HEAD + NONLOCAL.format(optimizer="torch.optim.AdamW(model.parameters())", given="optimizer") + TAIL
    assert shown(text) == [(
        "LXF013", "error",
        "`optimizer` is built from `model`'s parameters before `fabric.setup_module(model)` (line 13); XLAFSDP "
        "replaces them with sharded ones, so `setup_optimizers` raises ValueError: The optimizer does not seem to "
        "reference any XLAFSDP parameters. Create the optimizer after `setup_module`, from the set-up model",
        18, 44, 53)]


def test_an_optimizer_the_nonlocal_closure_builds_from_the_set_up_model_is_fine():
    text = HEAD + NONLOCAL.format(optimizer="None", given="torch.optim.AdamW(model.parameters())") + TAIL
    assert shown(text) == []
