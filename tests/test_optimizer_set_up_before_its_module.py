"""LXF013 when `setup_optimizers` gets an optimizer of a raw module that no set-up precedes in the function
(`fabric.setup_optimizers(AdamW(net.parameters()))` before `fabric.setup_module(net)`, or with none): its parameters
are not XLAFSDP's, so the real call raises ValueError wherever the module's set-up comes later."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def train(fabric):
    net = torch.nn.Linear(2, 2)
{body}


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''


@pytest.mark.parametrize("body,expected", [
    ("    optimizer = fabric.setup_optimizers(torch.optim.AdamW(net.parameters()))\n"
     "    model = fabric.setup_module(net)\n", [("LXF013", "error", 8, 40)]),
    ("    opt = torch.optim.SGD(net.parameters(), lr=0.1)\n    optimizer = fabric.setup_optimizers(opt)\n",
     [("LXF013", "error", 9, 40)]),
    ("    model = fabric.setup_module(net)\n"
     "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))\n", []),
], ids=["inline-then-set-up", "named-never-set-up", "built-from-the-set-up-model"])
def test_an_optimizer_of_a_module_not_set_up_yet(body, expected):
    found = check_source(SCRIPT.format(body=body)).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in found] == expected
    for finding in found:
        assert "no `fabric.setup_module(net)` comes before this `setup_optimizers`" in finding.message

def test_a_module_set_up_in_another_function_is_left_to_the_run():
    body = "    optimizer = fabric.setup_optimizers(torch.optim.AdamW(net.parameters()))\n\n\ndef prepare(fabric, net):\n" \
           "    return fabric.setup_module(net)\n"
    assert [f.code for f in check_source(SCRIPT.format(body=body)).findings] == []
