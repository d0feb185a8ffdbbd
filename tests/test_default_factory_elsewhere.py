"""A dataclass field's `default_factory` that names a function (or a lambda) of another module is read in the module
that writes it: the dict it returns is that module's, so a finding on one of its entries is placed there, where the
fix belongs, not at the `XLAFSDPStrategy(**cfg.fsdp)` that spreads it."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

DEFAULTS = '''\
from torch import nn


class Block(nn.Module):
    pass


def fsdp_defaults():
    return {{"auto_wrap_policy": {{Block}}, "activation_checkpointing_policy": {remat}}}


lambda_defaults = lambda: {{"auto_wrap_policy": {{Block}}, "activation_checkpointing_policy": {remat}}}  # noqa: E731
'''
RUN = '''\
from dataclasses import dataclass, field

from defaults import {factory}


@dataclass(frozen=True)
class RunConfig:
    precision: str = "bf16-true"
    fsdp: dict = field(default_factory={factory})
'''
TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from run import RunConfig


def train(fabric):
    fabric.setup_module(nn.Linear(2, 2))


cfg = RunConfig()
Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**cfg.fsdp), precision=cfg.precision).launch(train)
'''


def placed(tmp_path: Path, factory: str, remat: str) -> list[tuple[str, str, str | None, int | None]]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "defaults.py").write_text(DEFAULTS.format(remat=remat))
    (tmp_path / "run.py").write_text(RUN.format(factory=factory))
    train = tmp_path / "train.py"
    train.write_text(TRAIN)
    return [(f.code, f.severity.value, f.elsewhere and Path(f.elsewhere.path).name,
             f.elsewhere and f.elsewhere.span.start.line + 1) for f in check_source(TRAIN, str(train)).findings]


def test_a_factory_function_of_another_module_places_the_finding_where_it_writes_the_value(tmp_path: Path):
    assert placed(tmp_path, "fsdp_defaults", "[Block]") == [("LXF001", "error", "defaults.py", 9)]


def test_a_factory_lambda_of_another_module_places_the_finding_where_it_writes_the_value(tmp_path: Path):
    assert placed(tmp_path, "lambda_defaults", "(Block,)") == [("LXF001", "error", "defaults.py", 12)]


def test_a_set_is_silent(tmp_path: Path):
    assert placed(tmp_path, "fsdp_defaults", "{Block}") == []
