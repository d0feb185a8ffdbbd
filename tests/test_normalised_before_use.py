"""Values a caller or a wrapper normalises before use, and the readings they need: an attribute stored from a
parameter the constructor rebinds, read again while its own store is being read. The findings are exact, on
code that must trigger and code that must not."""

from __future__ import annotations

from errata_lsp.analysis import check_source

HEAD = """\
import contextlib

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from lightning.fabric.wrappers import is_wrapped
from torch import nn


class Block(nn.Module):
    pass


"""
TAIL = "\n\nFabric(accelerator='tpu', strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(train)\n"


def shown(text: str) -> list[tuple[str, str, str, int, int, int]]:
    report = check_source(text)
    assert report.failures == []
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in report.findings]


# --- a stored attribute read again while its store is read ----------------------------------------------
ACCUMULATION = """\
class Accumulation:
    def __init__(self, fabric, module):
        if not is_wrapped(module):
            module = fabric.setup_module(module)
        self.fabric, self.module = fabric, module
        self._stack = contextlib.ExitStack()

    def __enter__(self):
        self._stack.enter_context(self.fabric.no_backward_sync(self.module))


def train(fabric):
    acc = Accumulation(fabric, {given})
    model = acc.module
    with acc:
        model(torch.ones(1))"""


def test_an_attribute_stored_from_a_rebound_parameter_is_read_without_a_rule_failing():
    # every rule runs (no failure) on the class that sets up what it is given when it is not wrapped yet
    shown(HEAD + ACCUMULATION.format(given="Block()") + TAIL)
