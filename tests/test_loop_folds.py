"""A config folded over layers by a loop that rebinds it (`for layer in (TPU, QUICK): cfg = cfg.merge(layer)`),
read after the loop: the last turn's value, each turn run on what the one before left, not every turn's value
beside the first's."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

SCRIPT = '''\
from dataclasses import dataclass, replace

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

HARDWARE = {{"accelerator": "{first}", "devices": 8}}
QUICK = {{"accelerator": "{second}"}}


@dataclass(frozen=True)
class RunConfig:
    accelerator: str = "cuda"
    devices: object = "auto"

    def merge(self, overrides):
        return replace(self, **overrides)


def merged(base, layer):
    return {{**base, **layer}}


if __name__ == "__main__":
    cfg = {start}
    for layer in (HARDWARE, QUICK):
        cfg = {step}
    fabric = Fabric(accelerator={read}, devices=8, strategy=XLAFSDPStrategy())
'''

SHAPES = {
    "dict merged by a helper": ("{}", "merged(cfg, layer)", 'cfg["accelerator"]'),
    "dict merged by a display": ("{}", "{**cfg, **layer}", 'cfg["accelerator"]'),
}


def findings(text: str) -> list[tuple[str, str, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1) for f in check_source(text).findings]


@pytest.mark.parametrize("shape", list(SHAPES))
def test_the_last_layer_decides(shape):
    start, step, read = SHAPES[shape]
    text = SCRIPT.format(first="tpu", second="cpu", start=start, step=step, read=read)
    assert findings(text) == [("LXF010", "error", 27)]
    # the same layers the other way round end on the TPU: no turn but the last is what the Fabric gets
    assert findings(SCRIPT.format(first="cpu", second="tpu", start=start, step=step, read=read)) == []


CONFIG = """\
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class RunConfig:
    accelerator: str = "cuda"
    devices: object = "auto"

    def merge(self, overrides):
        return replace(self, **overrides)
"""

TRAIN = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import RunConfig

HARDWARE = {{"accelerator": "{first}", "devices": 8}}
QUICK = {{"accelerator": "{second}"}}

if __name__ == "__main__":
    cfg = RunConfig()
    for layer in (HARDWARE, QUICK):
        cfg = cfg.merge(layer)
    fabric = Fabric(accelerator=cfg.accelerator, devices=8, strategy=XLAFSDPStrategy())
"""


def test_a_dataclass_of_another_module_merged_by_its_method(tmp_path):
    root = tree(tmp_path, {"config.py": CONFIG, "train.py": TRAIN.format(first="tpu", second="cpu")})
    train = root / "train.py"
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in
            check_source(train.read_text(), str(train)).findings] == [("LXF010", "error", 13)]
    tree(tmp_path, {"train.py": TRAIN.format(first="cpu", second="tpu")})
    assert check_source(train.read_text(), str(train)).findings == []
