"""A trainer that launches its own method (`self.fabric.launch(self._fit, model)`) and stores the launched
Fabric back (`self.fabric = fabric`, Lightning's build-your-own-trainer example): the store keeps what
`self.fabric` holds, so the set-up model is still known. And `model.configure_optimizers()` on a module whose
every parameter sits in a layer `auto_wrap_policy` wraps: the wrapped shards are all its parameters. The
findings are exact, on code that must trigger and code that must not."""

from __future__ import annotations

from errata_lsp.analysis import check_source

TRAINER = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))

    def forward(self, x):
        return self.body(x)

    def training_step(self, batch):
        return self(batch).sum()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters())


class Trainer:
    hooks = ("training_step", "{hook}")

    def __init__(self, strategy="auto"):
        self.fabric = Fabric(accelerator="tpu", strategy=strategy)

    def fit(self, model):
        self.fabric.launch(self._fit, model)

    def _fit(self, fabric, model):
        self.fabric = fabric
        model = fabric.setup_module(model)
        for name in self.hooks:
            model.mark_forward_method(name)
        optimizer = fabric.setup_optimizers(model.configure_optimizers())
{more}

Trainer(strategy=XLAFSDPStrategy(auto_wrap_policy={policy})).fit(Net())
"""


def shown(hook: str = "test_step", more: str = "", policy: str = "{torch.nn.Linear}") -> list[tuple[str, str, int, int]]:
    text = TRAINER.replace("{hook}", hook).replace("{more}", more).replace("{policy}", policy)
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in check_source(text).findings]


def test_the_launched_fabric_stored_back_keeps_the_set_up_model_known():
    [finding] = check_source(TRAINER.replace("{hook}", "test_step").replace("{more}", "").replace(
        "{policy}", "{torch.nn.Linear}")).findings
    assert (finding.code, finding.severity.value, finding.span.start.line + 1, finding.span.start.column,
            finding.span.end.column) == ("LXF036", "error", 22, 30, 41)
    assert finding.message.startswith("`Net.test_step` is no method of the module's class, so "
                                      "`model.mark_forward_method(name)` on the turn `name` is 'test_step' raises")


def test_a_method_of_the_module_marked_is_fine():
    # (`configure_optimizers` runs `self.parameters()` on the original module: every one is in a wrapped layer)
    assert shown(hook="training_step") == []


def test_a_launched_method_also_called_with_another_object_stores_that_object():
    # `self._fit(other, model)`: the parameter is not only the launching Fabric, the store may change it
    assert shown(more="\n    def again(self, model):\n        self._fit(object(), model)\n") == []


def test_a_root_layer_outside_the_policy_keeps_the_optimizer_warning():
    found = check_source(TRAINER.replace("{hook}", "training_step").replace("{more}", "").replace(
        "{policy}", "{torch.nn.Linear}").replace("torch.nn.ReLU()", "torch.nn.LayerNorm(8)")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in found] == [("LXF031", "warning", 35)]
    assert "the optimizer never updates the root module's own layers" in found[0].message


def test_a_policy_of_another_layer_keeps_the_optimizer_warning():
    assert shown(hook="training_step", policy="{torch.nn.Embedding}") == [("LXF031", "warning", 35, 44)]
