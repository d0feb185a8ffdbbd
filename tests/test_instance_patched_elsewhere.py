"""An attribute of an instance another module binds at its top level (`CFG = Config()` in config.py), read by a
function other modules call (`config.CFG.precision` in engine.py's `build_fabric`), holds what each caller
stored into it before its call (`config.CFG.precision = "bf16-mixed"` in train.py's `__main__` block, or
`CFG.precision = ...` of `from config import CFG`). A store the layer does not order against the call (under an
`if` the caller leaves undecided) leaves the attribute as the class writes it."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

CONFIG = 'class Config:\n    precision = "bf16-true"\n\n\nCFG = Config()\n'
ENGINE = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config


def build_fabric():
    return Fabric(accelerator="tpu", precision=config.CFG.precision, strategy=XLAFSDPStrategy())
'''
TRAIN = '''\
import sys

import config
from config import CFG
from engine import build_fabric


def main(fabric):
    pass


if __name__ == "__main__":
{store}
    build_fabric().launch(main)
'''


def found(tmp_path, store: str) -> list[tuple[str, str, str, int]]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "config.py").write_text(CONFIG)
    (tmp_path / "engine.py").write_text(ENGINE)
    (tmp_path / "train.py").write_text(TRAIN.format(store=store))
    out = []
    for f in check_source(ENGINE, str(tmp_path / "engine.py")).findings:
        where = f.elsewhere
        out.append((f.code, f.severity.value, where.path.rsplit("/", 1)[-1] if where else "engine.py",
                    (where.span if where else f.span).start.line + 1))
    return out


@pytest.mark.parametrize("store", ['    config.CFG.precision = "bf16-mixed"', '    CFG.precision = "bf16-mixed"'])
def test_a_caller_s_store_into_the_instance_before_its_call_is_what_the_reader_gets(tmp_path, store):
    assert found(tmp_path, store) == [("LXF007", "error", "train.py", 13)]
    assert found(tmp_path, store.replace("bf16-mixed", "bf16-true")) == []


@pytest.mark.parametrize("store", [
    '    pass',
    '    if len(sys.argv) > 1:\n        config.CFG.precision = "bf16-mixed"',
    '    for _ in range(1):\n        CFG.precision = "bf16-mixed"',
    '    CFG.precision = "bf16-mixed"\n    if len(sys.argv) > 1:\n        CFG.precision = "bf16-true"',
])
def test_no_store_or_one_the_layer_does_not_order_leaves_the_class_s_value(tmp_path, store):
    assert found(tmp_path, store) == []



@pytest.mark.parametrize("store", ['    OTHER.precision = "bf16-mixed"', '    config.OTHER.precision = "bf16-mixed"',
                                   '    mine = Config()\n    mine.precision = "bf16-mixed"'])
def test_a_store_into_another_instance_of_the_class_is_not_the_read_one_s(tmp_path, store):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "config.py").write_text(CONFIG + "OTHER = Config()\n")
    (tmp_path / "engine.py").write_text(ENGINE)
    train = TRAIN.replace("from config import CFG", "from config import CFG, OTHER, Config")
    (tmp_path / "train.py").write_text(train.format(store=store))
    assert check_source(ENGINE, str(tmp_path / "engine.py")).findings == []
