"""`self` in a base's method that a subclass's override reaches through `super().name(...)`: the instances of
that subclass the file builds (LXF024 on `{**super().checkpoint_state(), "ema": self.ema}`, the base's
`self.model` the subclass's set-up module); a subclass whose override does not call it leaves the base's method to
the base's own instances."""

from __future__ import annotations

from errata_lsp.analysis import check_source

TRAINERS = """\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Base:
    def setup(self, fabric):
        self.model = fabric.setup_module(torch.nn.Linear(2, 2))

    def checkpoint_state(self):
        return {{"model": self.model}}

    def fit(self, fabric):
        self.setup(fabric)
        fabric.save("/tmp/last", self.checkpoint_state())


class EMA(Base):
    def setup(self, fabric):
        self.ema = fabric.setup_module(torch.nn.Linear(2, 2))
        self.model = fabric.setup_module(torch.nn.Linear(2, 2))

    def checkpoint_state(self):
        return {returned}


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(EMA().fit)
"""

SEVERAL = ("Found multiple XLAFSDP modules in the given state (`self.model`, `self.ema`). Saving checkpoints with FSDP "
           "is currently limited to a single model per checkpoint: `fabric.save` (line 15) raises ValueError. Call "
           "`save` for each model separately with a different path")


def found(returned: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(TRAINERS.format(returned=returned), "train.py").findings]


def test_the_base_s_entries_through_super_are_the_subclass_instance_s():
    assert found('{**super().checkpoint_state(), "ema": self.ema}') == [("LXF024", "error", SEVERAL, 24, 53)]


def test_an_override_with_the_ema_state_dict_is_fine():
    assert found('{**super().checkpoint_state(), "ema": self.ema.state_dict()}') == []


def test_an_override_not_calling_super_leaves_the_base_s_entries_unread():
    assert found('{"ema": self.ema}') == []
