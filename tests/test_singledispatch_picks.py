"""A `functools.singledispatch` function (or `singledispatchmethod`) runs only the implementation its argument's
class picks (`idioms.implementation_never_picked`, `idioms.dispatching_calls`): an implementation no call of the project
can pick never runs, so its misuse says nothing; one a call picks is evaluated with that call's argument, so a
misuse that comes from the argument is an error there. A call whose argument the layer cannot place, and a
generic function read otherwise than by its calls, may run any implementation: those keep their errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_helpers_elsewhere import found, tree

HEAD = """import functools
from typing import Union

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


class PodConfig:
    layers = {Block}


class LegacyPodConfig:
    layers = [Block]


class V4PodConfig(PodConfig):
    pass


@functools.singledispatch
def build_strategy(config):
    raise TypeError(config)

"""
POD = "    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})\n"
LEGACY = "    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])\n"
BY_ANNOTATION = ("@build_strategy.register\ndef _(config: PodConfig):\n" + POD
                 + "\n\n@build_strategy.register\ndef _(config: LegacyPodConfig):\n" + LEGACY)
LIST_REMAT = "`activation_checkpointing_policy` must be a set, found [Block]"
AT_LEGACY = [("LXF001", "error", LIST_REMAT, 36, 85)]  # the list of `LEGACY` in `BY_ANNOTATION`


def check(tmp_path: Path, registrations: str, run: str) -> list[tuple[str, str, str, int, int]]:
    tree(tmp_path, {"train.py": HEAD + registrations + "\n\n" + run})
    return found(tmp_path / "train.py")


@pytest.mark.parametrize("argument", ["PodConfig()", "V4PodConfig()"])  # a subclass picks its nearest registered base
def test_an_implementation_no_call_picks_says_nothing(tmp_path: Path, argument: str) -> None:
    run = f'fabric = Fabric(accelerator="tpu", strategy=build_strategy({argument}))\n'
    assert check(tmp_path, BY_ANNOTATION, run) == []


@pytest.mark.parametrize("run", [
    'fabric = Fabric(accelerator="tpu", strategy=build_strategy(LegacyPodConfig()))\n',
    'config = PodConfig() if input() else LegacyPodConfig()\n'
    'fabric = Fabric(accelerator="tpu", strategy=build_strategy(config))\n',
    'fabric = Fabric(accelerator="tpu", strategy=build_strategy(load_config()))\n',  # a class the layer cannot tell
    'strategies = list(map(build_strategy, [PodConfig()]))\n',  # read otherwise than called: anything may call it
    'fabric = Fabric(accelerator="tpu", strategy=build_strategy(PodConfig()))\n_(LegacyPodConfig())\n',  # called itself
])
def test_an_implementation_a_call_may_pick_keeps_its_error(tmp_path: Path, run: str) -> None:
    assert check(tmp_path, BY_ANNOTATION, run) == AT_LEGACY


@pytest.mark.parametrize("legacy", [
    "@build_strategy.register(LegacyPodConfig)\ndef _(config):\n" + LEGACY,
    "@build_strategy.register\ndef _(config: LegacyPodConfig | int):\n" + LEGACY,
    "@build_strategy.register\ndef _(config: Union[LegacyPodConfig, str]):\n" + LEGACY,
    "def _legacy(config):\n" + LEGACY + "\n\nbuild_strategy.register(LegacyPodConfig, _legacy)\n",
    "def _legacy(config: Union[LegacyPodConfig, str]):\n" + LEGACY + "\n\nbuild_strategy.register(_legacy)\n",
])
def test_each_form_of_registration_is_picked_by_the_class_it_names(tmp_path: Path, legacy: str) -> None:
    registrations = "@build_strategy.register(PodConfig)\ndef _(config):\n" + POD + "\n\n" + legacy
    run = 'fabric = Fabric(accelerator="tpu", strategy=build_strategy({}()))\n'
    assert check(tmp_path, registrations, run.format("PodConfig")) == []
    line = (HEAD + registrations).splitlines().index(LEGACY.rstrip("\n")) + 1
    assert check(tmp_path, registrations, run.format("LegacyPodConfig")) == [("LXF001", "error", LIST_REMAT, line, 85)]


def test_the_implementation_a_call_picks_holds_that_call_s_argument(tmp_path: Path) -> None:
    registrations = ("@build_strategy.register\ndef _(config: PodConfig):\n"
                     "    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=config.layers)\n"
                     "\n\n@build_strategy.register\ndef _(config: list):\n"
                     "    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=config)\n")
    run = 'fabric = Fabric(accelerator="tpu", strategy=build_strategy([Block]))\n'
    assert check(tmp_path, registrations, run) == [
        ("LXF001", "error", LIST_REMAT + " (from `config`, line 39)", 36, 85)]
    # the value each implementation is given is the one that picks it (not a list where a `PodConfig` is taken)
    run = 'fabric = Fabric(accelerator="tpu", strategy=build_strategy(LegacyPodConfig() if input() else {Block}))\n'
    assert check(tmp_path, registrations, run) == []


METHOD = HEAD.replace("@functools.singledispatch\ndef build_strategy(config):\n    raise TypeError(config)\n", """\
class Builder:
    @functools.singledispatchmethod
    def strategy(self, config):
        raise TypeError(config)

    @strategy.register
    def _(self, config: PodConfig):
        return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=config.layers)

    @strategy.register
    def _(self, config: LegacyPodConfig):
        return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])

    def fabric(self, config):
        return Fabric(accelerator="tpu", strategy=self.strategy(config))
""")  # the list at line 36, the `.layers` of a PodConfig at line 32


@pytest.mark.parametrize(("run", "expected"), [
    ("Builder().fabric(PodConfig())\n", []),
    ("Builder().fabric(V4PodConfig())\n", []),
    ("Builder().fabric(LegacyPodConfig())\n", [("LXF001", "error", LIST_REMAT, 36, 89)]),
])
def test_a_singledispatchmethod_runs_what_the_argument_after_self_picks(tmp_path: Path, run: str, expected: list) -> None:
    tree(tmp_path, {"train.py": METHOD + "\n\n" + run})
    assert found(tmp_path / "train.py") == expected


def test_a_singledispatchmethod_implementation_holds_the_call_s_argument(tmp_path: Path) -> None:
    tree(tmp_path, {"train.py": METHOD.replace("layers = {Block}", "layers = (Block,)") + "\n\nBuilder().fabric(PodConfig())\n"})
    assert found(tmp_path / "train.py") == [(
        "LXF001", "error", "`activation_checkpointing_policy` must be a set, found (Block,) (from `PodConfig.layers`, line 14)",
        32, 89)]


SHARDING = HEAD.replace("class PodConfig:", "from config import LegacyPodConfig, PodConfig\n\n\nclass Unused:") \
    .replace("class LegacyPodConfig:\n    layers = [Block]\n", "class Unused2:\n    pass\n")
CONFIG = "class PodConfig:\n    pass\n\n\nclass LegacyPodConfig:\n    pass\n"
AT_LEGACY_THERE = [("LXF001", "error", LIST_REMAT, 39, 85)]  # (sharding.py: three lines of imports more)
RUN = "from config import {0}\nfrom sharding import build_strategy\n\nstrategy = build_strategy({0}())\n"


@pytest.mark.parametrize(("run", "expected"), [
    (RUN.format("PodConfig"), []),
    (RUN.format("LegacyPodConfig"), AT_LEGACY_THERE),
    (RUN.format("PodConfig") + "make = build_strategy\n", AT_LEGACY_THERE),  # kept aside there: any may run
])
def test_a_call_in_another_module_picks_as_one_here(tmp_path: Path, run: str, expected: list) -> None:
    tree(tmp_path, {"config.py": CONFIG, "sharding.py": SHARDING + BY_ANNOTATION, "train.py": run})
    assert found(tmp_path / "sharding.py") == expected


BY_MODEL = """from functools import singledispatch

from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass


class Decoder(nn.Module):
    pass


class Encoder(nn.Module):
    pass


class Seq2Seq(Encoder):
    pass


@singledispatch
def plan(model):
    raise NotImplementedError(model)


@plan.register
def _(model: Decoder):
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})


@plan.register
def _(model: Encoder):
    return XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=(Block,))


strategy = plan({model}())
"""


@pytest.mark.parametrize(("model", "expected"), [
    ("Decoder", []),
    ("Seq2Seq", [("LXF001", "error", "`activation_checkpointing_policy` must be a set, found (Block,)", 35, 85)]),
])
def test_a_module_of_the_project_picks_by_its_class(tmp_path: Path, model: str, expected: list) -> None:
    # (an `nn.Module` subclass is a value of the pack's own kind: still an instance of its class)
    tree(tmp_path, {"train.py": BY_MODEL.replace("{model}", model)})
    assert found(tmp_path / "train.py") == expected
