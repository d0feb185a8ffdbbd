"""Class attributes an object-oriented runner reads through its hierarchy: a subclass's classmethod that hands its
`cls` to the base's through `super()` (`SmokeRunner.from_config` -> `Runner.from_config`, reading
`cls.accelerator`), an attribute a mixin listed before the base sets (`WRAPPER = staticmethod(checkpointed)`),
read off the class as the function it wraps."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

RUNNERS = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


class Runner:
    accelerator = "tpu"

    def __init__(self, fabric):
        self.fabric = fabric

    @classmethod
    def from_config(cls, steps):
        return cls(Fabric(accelerator=cls.accelerator, strategy=XLAFSDPStrategy(auto_wrap_policy={{Block}})))


class SmokeRunner(Runner):
    accelerator = "{accelerator}"

    @classmethod
    def from_config(cls, steps):
        return super().from_config(min(steps, 2))


if __name__ == "__main__":
    SmokeRunner.from_config(100)
'''


def findings(text: str, path: str | None = None) -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, path).findings]


def test_a_classmethod_reached_through_super_reads_the_subclass_attributes():
    # `cls.accelerator` of the base's `from_config` (line 18, column 38) is SmokeRunner's "cpu"
    assert findings(RUNNERS.format(accelerator="cpu")) == [("LXF010", "error", 18, 38)]
    assert findings(RUNNERS.format(accelerator="tpu")) == []


BASE = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Experiment:
    WRAP = set()
    WRAPPER = None
    REMAT = set()

    def strategy_kwargs(self):
        kwargs = {"auto_wrap_policy": self.WRAP}
        if self.WRAPPER is not None:
            kwargs["auto_wrapper_callable"] = self.WRAPPER
        if self.REMAT:
            kwargs["activation_checkpointing_policy"] = self.REMAT
        return kwargs

    def run(self):
        fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**self.strategy_kwargs()))
        fabric.launch(self.train)

    def train(self, fabric):
        fabric.print("step")
'''

MIXINS = '''\
def checkpointed(module, *args, **kwargs):
    return module


class CheckpointedMixin:
    WRAPPER = staticmethod(checkpointed)
'''

LONG = '''\
from torch import nn

from base import Experiment
from mixins import CheckpointedMixin


class Block(nn.Module):
    pass


class LongContext({bases}):
    WRAP = {{Block}}
    REMAT = {{Block}}
'''

TRAIN = "from long import LongContext\n\nif __name__ == '__main__':\n    LongContext().run()\n"


def project(root: Path, bases: str) -> Path:
    return tree(root, {"base.py": BASE, "mixins.py": MIXINS, "long.py": LONG.format(bases=bases), "train.py": TRAIN})


def test_an_attribute_a_mixin_sets_before_the_base_is_the_mixins(tmp_path):
    root = project(tmp_path, "CheckpointedMixin, Experiment")
    base = root / "base.py"
    # the wrapper callable (the mixin's) beside the remat policy: reported where the callable is put in the kwargs
    assert findings(base.read_text(), str(base)) == [("LXF002", "error", 13, 46)]


def test_an_attribute_the_base_sets_before_the_mixin_is_the_bases(tmp_path):
    root = project(tmp_path, "Experiment, CheckpointedMixin")
    base = root / "base.py"
    assert findings(base.read_text(), str(base)) == []
