"""What a called function does to what it is given: a hook filling the kwargs dict it is passed
(`use_bf16(fabric_kw)`), a callback a dispatcher runs (`fabric.call("on_setup", state=state)`) storing back into
the object it gets, a preset built by `PRESETS[name](**overrides)` in a loader of another module, and a static
method that a `getattr` by a known name never picks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree


def found(text: str, path: str = "train.py") -> list[tuple[str, str, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, path).findings]


def found_in(path: Path) -> list[tuple[str, str, int, int]]:
    return found(path.read_text(), str(path))


HOOK = '''\
from lightning.fabric import Fabric
from lightning.fabric.plugins import HalfPrecision, XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy


def use_bf16(fabric_kw):
{body}


def use_fp32(fabric_kw):
    fabric_kw["precision"] = "32-true"


HOOKS = {{"bf16": use_bf16, "fp32": use_fp32}}


def train(fabric):
    pass


if __name__ == "__main__":
    fabric_kw = {{"accelerator": "tpu", "strategy": XLAFSDPStrategy()}}
    {call}(fabric_kw)
    Fabric(**fabric_kw).launch(train)
'''

STORES = {
    "append": ('    fabric_kw.setdefault("plugins", []).append({plugin}("bf16-true"))', 7, 47),
    "item": ('    fabric_kw["plugins"] = [{plugin}("bf16-true")]', 7, 28),
    "setdefault": ('    fabric_kw.setdefault("plugins", [{plugin}("bf16-true")])', 7, 37),
    "update": ('    fabric_kw.update(plugins=[{plugin}("bf16-true")])', 7, 30),
}


@pytest.mark.parametrize("store", sorted(STORES))
@pytest.mark.parametrize("call", ["use_bf16", 'HOOKS["bf16"]'])
def test_a_hook_filling_the_kwargs_it_is_given_is_read_where_they_are_spread(store, call):
    body, line, column = STORES[store]
    # LXF008 at the `HalfPrecision(...)` the hook puts into `plugins`
    assert found(HOOK.format(body=body.format(plugin="HalfPrecision"), call=call)) == [("LXF008", "error", line, column)]
    assert found(HOOK.format(body=body.format(plugin="XLAPrecision"), call=call)) == []


def test_a_hook_that_binds_its_parameter_again_fills_another_dict():
    body = '    fabric_kw = dict(fabric_kw)\n    fabric_kw["plugins"] = [HalfPrecision("bf16-true")]'
    assert found(HOOK.format(body=body, call="use_bf16")) == []


def test_a_hook_the_run_never_picks_leaves_the_kwargs_alone():
    body = '    fabric_kw["plugins"] = [HalfPrecision("bf16-true")]'
    assert found(HOOK.format(body=body, call='HOOKS["fp32"]')) == []


CALLBACK = '''\
from types import SimpleNamespace

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class ShardOnSetup:
    def on_setup(self, fabric, state):
        state.model = fabric.setup_module(state.model)


def fit(fabric):
    state = {build}
    fabric.call("on_setup", fabric=fabric, state=state)
    model = {read}
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), callbacks=[{callbacks}])
    fabric.launch(fit)
'''

STATES = {
    "namespace": "SimpleNamespace(model=torch.nn.Linear(4, 4), step=0)",
    "plain class": "RunState(torch.nn.Linear(4, 4))",
}
RUN_STATE = '''
class RunState:
    def __init__(self, model):
        self.model = model
'''


@pytest.mark.parametrize("state", sorted(STATES))
def test_a_callback_a_dispatcher_runs_stores_back_into_the_state_it_is_given(state):
    text = CALLBACK.format(build=STATES[state], read="state.model", callbacks="ShardOnSetup()") + RUN_STATE
    assert found(text) == []  # the optimizer reads the set-up model: no LXF013
    again = CALLBACK.format(build=STATES[state], read="fabric.setup_module(state.model)", callbacks="ShardOnSetup()")
    assert found(again + RUN_STATE) == [("LXF039", "error", 16, 32)]  # set up twice, at `state.model`


@pytest.mark.parametrize("state", sorted(STATES))
def test_without_the_callback_the_state_keeps_the_raw_model(state):
    text = CALLBACK.format(build=STATES[state], read="state.model", callbacks="") + RUN_STATE
    assert found(text) == [("LXF013", "error", 17, 40)]
    again = CALLBACK.format(build=STATES[state], read="fabric.setup_module(state.model)", callbacks="") + RUN_STATE
    assert found(again) == []


CONFIGS_INIT = '''\
from configs.base import TrainConfig
from configs.nightly import NightlyConfig

PRESETS = {"default": TrainConfig, "nightly": NightlyConfig}


def load(name="default", **overrides):
    return PRESETS[name](**overrides)
'''

BASE = '''\
from dataclasses import dataclass, field


@dataclass
class TrainConfig:
    checkpoint_format: str = "sharded"
    strategy_kwargs: dict = field(init=False)

    def __post_init__(self):
        self.strategy_kwargs = {"state_dict_type": self.checkpoint_format}
'''

NIGHTLY = '''\
from dataclasses import dataclass

from configs.base import TrainConfig


@dataclass
class NightlyConfig(TrainConfig):
    checkpoint_format: str = "{format}"
'''

LOOP = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def run(cfg):
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**cfg.strategy_kwargs))
'''

ENTRY = '''\
import configs
from loop import run

if __name__ == "__main__":
    run(configs.load({arguments}))
'''


def checked(root: Path) -> list[tuple[str, str, str, int]]:
    """`errata-lsp check --format json ROOT`: where the project's findings go."""
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", "--format", "json", str(root)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    return [(f["code"], f["severity"], Path(f["path"]).resolve().relative_to(root.resolve()).as_posix(), f["line"])
            for f in json.loads(done.stdout)]


@pytest.mark.parametrize(("arguments", "written"), [('"nightly"', ("configs/nightly.py", 8)),
                                                    ('"nightly", checkpoint_format="sharded_state_dict"', ("train.py", 5))])
def test_a_preset_built_by_a_loader_with_spread_overrides_reads_its_base_post_init(tmp_path, arguments, written):
    root = tree(tmp_path, {"configs/__init__.py": CONFIGS_INIT, "configs/base.py": BASE,
                           "configs/nightly.py": NIGHTLY.format(format="sharded_state_dict"), "loop.py": LOOP,
                           "train.py": ENTRY.format(arguments=arguments)})
    # loop.py's own check: LXF020 at `cfg.strategy_kwargs`; the project's, where the value is written (the subclass's
    # default, or the caller's override)
    assert found_in(root / "loop.py") == [("LXF020", "error", 6, 66)]
    assert checked(root) == [("LXF020", "error", *written)]


def test_a_loader_whose_override_fixes_the_preset_is_fine(tmp_path):
    root = tree(tmp_path, {"configs/__init__.py": CONFIGS_INIT, "configs/base.py": BASE,
                           "configs/nightly.py": NIGHTLY.format(format="sharded_state_dict"), "loop.py": LOOP,
                           "train.py": ENTRY.format(arguments='"nightly", checkpoint_format="sharded"')})
    assert found_in(root / "loop.py") == []
    assert checked(root) == []


RECIPES = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
import torch

RECIPE = "{recipe}"


class SetupRecipes:
    @staticmethod
    def joint(fabric, model):
        return fabric.setup(model, torch.optim.Adam(model.parameters()))

    @staticmethod
    def module_first(fabric, model):
        model = fabric.setup_module(model)
        return model, fabric.setup_optimizers(torch.optim.Adam(model.parameters()))


def train(fabric):
    recipe = getattr(SetupRecipes, RECIPE)
    model, optimizer = recipe(fabric, torch.nn.Linear(4, 4))


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''


@pytest.mark.parametrize(("recipe", "expected"), [("module_first", []), ("joint", [("LXF012", "error", 11, 15)])])
def test_a_static_method_a_getattr_by_a_known_name_never_picks_keeps_no_finding(tmp_path, recipe, expected):
    root = tree(tmp_path, {"train.py": RECIPES.format(recipe=recipe)})
    assert found_in(root / "train.py") == expected
