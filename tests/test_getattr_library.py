"""`getattr(<library module or class>, <name the flow knows>)` read as the attribute it names, and an optimizer a
helper builds from the parameter list its caller passes (litgpt's `instantiate_torch_optimizer`)."""

from __future__ import annotations

import textwrap

from errata_lsp.analysis import check_source

from .test_flow import probe


def test_getattr_of_a_library_module_by_a_known_name_is_that_attribute():
    assert probe("import torch\nprobe(getattr(torch.optim, 'AdamW'))\n") == [("class", 2, 6, ())]
    sgd = probe("import torch\nname = 'SGD'\nprobe(getattr(torch.optim, name))\n")
    assert sgd == [("external", 3, 6, ())]  # torch.optim.SGD, as `torch.optim.SGD` reads
    # with a default, the library may lack the name: the default is the other path
    assert probe("import torch\nprobe(getattr(torch.optim, 'Lion', None))\n") == [
        ("class", 2, 6, ()), ("none", 2, 35, ("torch.optim has no Lion",))]
    assert probe("import torch\ndef f(name):\n    probe(getattr(torch.optim, name))\n") == [("unknown", 3, 10, ())]


HELPER = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(8, 1)
    def forward(self, x):
        return self.head(x)
def instantiate_optimizer(name, params, **kwargs):
    optimizer_cls = getattr(torch.optim, name)
    return optimizer_cls(params, **kwargs)
def main(fabric, name="AdamW"):
    model = Net()
    trainable = [p for p in model.parameters() if p.requires_grad]
    optimizer = instantiate_optimizer(name, trainable, lr=1e-3)
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(optimizer)
Fabric(strategy=XLAFSDPStrategy()).launch(main)
"""


def found(source: str) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(textwrap.dedent(source), "train.py").findings]


def test_an_optimizer_named_through_getattr_and_built_from_the_raw_parameters_is_flagged():
    assert found(HELPER) == [("LXF013", "error", 18, 40)]
    [finding] = check_source(HELPER, "train.py").findings
    assert finding.message.startswith("`optimizer` is built from the raw model's parameters (line 12) before "
                                      "`fabric.setup_module(model)`")


def test_the_same_helper_given_the_set_up_model_s_parameters_is_fine():
    fixed = HELPER.replace(
        "    trainable = [p for p in model.parameters() if p.requires_grad]\n"
        "    optimizer = instantiate_optimizer(name, trainable, lr=1e-3)\n"
        "    model = fabric.setup_module(model)\n",
        "    model = fabric.setup_module(model)\n"
        "    trainable = [p for p in model.parameters() if p.requires_grad]\n"
        "    optimizer = instantiate_optimizer(name, trainable, lr=1e-3)\n")
    assert fixed != HELPER and found(fixed) == []


def test_a_helper_called_with_two_parameter_lists_is_not_read():
    twice = HELPER.replace("    model = fabric.setup_module(model)\n",
                           "    other = instantiate_optimizer(name, [torch.zeros(1, requires_grad=True)])\n"
                           "    model = fabric.setup_module(model)\n")
    assert found(twice) == []
