"""A strategy built in another module of the project is followed (by the project model), without running it."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

CONFIG = '''
from pathlib import Path
from lightning.fabric.strategies import FSDPStrategy, XLAFSDPStrategy

Path(__file__).with_name("IMPORTED").write_text("config.py ran")  # must never happen


def make_strategy():
    return XLAFSDPStrategy(state_dict_type="sharded")


def make_cuda_strategy():
    return FSDPStrategy()


def make_any(strategy):
    return strategy


strategy = XLAFSDPStrategy()
'''

TRAIN = '''
from lightning.fabric import Fabric
from .config import {name}


def run(model, opt):
    fabric = Fabric(strategy={call})
    model, opt = fabric.setup(model, opt)
'''


def project(tmp_path: Path, name: str, call: str) -> Path:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    package = tmp_path / "demo"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "config.py").write_text(CONFIG)
    train = package / "train.py"
    train.write_text(TRAIN.format(name=name, call=call))
    return train


def codes(path: Path) -> list[str]:
    return [f.code for f in check_source(path.read_text(), str(path)).findings]


def test_helper_in_another_module_returning_xlafsdp(tmp_path):
    train = project(tmp_path, "make_strategy", "make_strategy()")
    assert codes(train) == ["LXF012"]
    assert not (tmp_path / "demo" / "IMPORTED").exists()


def test_strategy_object_in_another_module(tmp_path):
    assert codes(project(tmp_path, "strategy", "strategy")) == ["LXF012"]


def test_cuda_strategy_and_undecidable_helpers_stay_silent(tmp_path):
    assert codes(project(tmp_path / "a", "make_cuda_strategy", "make_cuda_strategy()")) == []
    assert codes(project(tmp_path / "b", "make_any", "make_any(s)")) == []
    assert not list(tmp_path.rglob("IMPORTED"))


def test_without_a_file_on_disk_nothing_is_followed(tmp_path):
    text = TRAIN.format(name="make_strategy", call="make_strategy()")
    assert [f.code for f in check_source(text, None).findings] == []


def test_a_class_built_from_a_spread_dict_in_a_helper_another_module_calls(tmp_path):
    """`load()` of config.py, evaluated for train.py's call (its returns depend on `kind`), builds `Settings(**d)`
    there: the instance is that call's, its fields what `d` holds for it (not a construction of another module
    whose `**` cannot be relayed)."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "config.py").write_text('''
from dataclasses import dataclass


@dataclass
class Settings:
    precision: str = "32-true"


def load(kind="pod"):
    chosen = {"precision": "16-mixed"} if kind == "pod" else {"precision": "bf16-true"}
    return Settings(**chosen)
''')
    train = tmp_path / "train.py"
    train.write_text('''
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import load


def main(fabric):
    pass


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision=load().precision)
fabric.launch(main)
''')
    assert [(f.code, f.severity.value) for f in check_source(train.read_text(), str(train)).findings] == [("LXF007", "error")]
