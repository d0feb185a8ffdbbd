"""Parameters gathered by a local helper from the raw module before `fabric.setup_module`, then given to an
optimizer built after it: the optimizer holds the replaced parameters, and XLAFSDP's `setup_optimizers` raises
ValueError (corpus s652, labelled by the real library). LXF013 says so on the module given to the helper."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

SOURCE = """\
import torch
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def param_groups(module, weight_decay):
    decay, no_decay = [], []
    for name, p in module.named_parameters():
        (no_decay if name.endswith("bias") else decay).append(p)
    return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]


def trainable(module):
    return (p for p in module.parameters() if p.requires_grad)


def lazy(module):
    yield from module.parameters()


def train(fabric):
    net = nn.Linear(4, 4)
BODY


Fabric(accelerator="tpu", devices=4, strategy=XLAFSDPStrategy()).launch(train)
"""

BEFORE = """\
    groups = param_groups(net, 0.1)
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(groups, lr=1e-3))
"""

MESSAGE = ("`param_groups(net, 0.1)` (line 24) reads `net`'s parameters before `fabric.setup_module(net)` (line 25); "
           "XLAFSDP replaces them with sharded ones, so the optimizer built from what it returned holds none of them "
           "and `setup_optimizers` raises ValueError: The optimizer does not seem to reference any XLAFSDP "
           "parameters. Call it after `setup_module`, on the set-up model")


def shown(body: str) -> list[tuple[str, str, str, int, int, int]]:
    text = SOURCE.replace("BODY\n", body)
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(text).findings]


def test_groups_read_before_the_set_up():
    assert shown(BEFORE) == [("LXF013", "error", MESSAGE, 24, 26, 29)]


def test_the_optimizer_built_in_the_set_up_call_too():
    body = BEFORE.replace("    optimizer = fabric.setup_optimizers(torch.optim.AdamW(groups, lr=1e-3))\n",
                          "    optimizer = torch.optim.AdamW(groups, lr=1e-3)\n    optimizer = fabric.setup_optimizers(optimizer)\n")
    assert [f[0] for f in shown(body)] == ["LXF013"]


@pytest.mark.parametrize("body", [
    # gathered from the set-up model
    "    model = fabric.setup_module(net)\n    groups = param_groups(model, 0.1)\n"
    "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(groups, lr=1e-3))\n",
    # another module set up
    "    groups = param_groups(net, 0.1)\n    model = fabric.setup_module(nn.Linear(4, 4))\n"
    "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(groups, lr=1e-3))\n",
    # a generator of the parameters, drawn only when the optimizer is built, after the set-up
    "    groups = trainable(net)\n    model = fabric.setup_module(net)\n"
    "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(groups, lr=1e-3))\n",
    "    groups = lazy(net)\n    model = fabric.setup_module(net)\n"
    "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(groups, lr=1e-3))\n",
    # a helper that reads no parameters of what it is given
    "    groups = len(net.weight)\n    model = fabric.setup_module(net)\n"
    "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3 * groups))\n",
])
def test_parameters_of_the_set_up_model_are_fine(body):
    assert shown(body) == []


def test_parameters_gathered_by_a_list_comprehension_are_read_at_once():
    # a list comprehension runs where the helper is called (a generator expression would wait: `trainable`)
    text = SOURCE.replace("def lazy(module):", "def listed(module):\n    return [p for p in module.parameters()]\n\n\ndef lazy(module):")
    found = [(f.code, f.severity.value) for f in check_source(text.replace("BODY\n", BEFORE.replace(
        "param_groups(net, 0.1)", "listed(net)"))).findings]
    assert found == [("LXF013", "error")]
