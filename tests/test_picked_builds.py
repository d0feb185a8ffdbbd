"""A class picked from a registry and built (`CLIPPERS[config.CLIP]()`, `METRICS.get(name)()`, `make =
RECIPES[name]` then `make()`) is an instance of each class the pick may hold: a method of another module's
base runs with `self` that instance, as for a construction written `NormClip()`. And a method called on a
picked or built object in the same expression (`RECIPES["fsdp"]().strategy()`, `PRESETS.get("x").strategy()`,
`Recipe.from_name("x").strategy()`) is read as the two-line form is."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

from errata_lsp.analysis import check_source

from .test_flow import context
from .test_helpers_elsewhere import tree

BASE = '''\
class Clipper:
    clip_val = None
    max_norm = None

    def apply(self, fabric, model, optimizer):
        return fabric.clip_gradients(model, optimizer, clip_val=self.clip_val, max_norm=self.max_norm)
'''
KINDS = '''\
from base import Clipper


class NormClip(Clipper):
    max_norm = 1.0


class ValueClip(Clipper):
    clip_val = 0.5
'''
REGISTRY = '''\
from kinds import NormClip, ValueClip

CLIPPERS = {"norm": NormClip, "value": ValueClip}
'''
TRAIN = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from registry import CLIPPERS

KIND = "{kind}"


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(2, 2))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    {build}
    clipper.apply(fabric, model, optimizer)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''
VALUE_MESSAGE = ("XLA's FSDP strategy does not support to clip gradients by value: `clip_val` raises "
                 "NotImplementedError. Clip by norm with `max_norm` instead (in `apply`, `base.py`, line 6, for this call)")


def placed(path: Path) -> list[tuple[str, str, int, int, int, tuple[str, int] | None]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.span.end.column,
             f.elsewhere and (Path(f.elsewhere.path).name, f.elsewhere.span.start.line + 1))
            for f in check_source(path.read_text(), str(path)).findings]


def messages(path: Path) -> list[str]:
    return [f.message for f in check_source(path.read_text(), str(path)).findings]


def clippers(root: Path, kind: str, build: str = "clipper = CLIPPERS[KIND]()") -> Path:
    return tree(root, {"base.py": BASE, "kinds.py": KINDS, "registry.py": REGISTRY,
                       "train.py": TRAIN.format(kind=kind, build=build)})


# a picked class's instance is `self` of its base's method in another module

def test_a_picked_class_is_self_of_the_base_method_of_another_module(tmp_path):
    clippers(tmp_path, "value")
    # the call runs the base's method with `self` the ValueClip built: flagged where `clip_val = 0.5` is
    assert placed(tmp_path / "train.py") == [("LXF014", "error", 14, 4, 17, ("kinds.py", 9))]
    assert messages(tmp_path / "train.py") == [VALUE_MESSAGE]
    # the base's own reading: `self` is the ValueClip, whose `clip_val` is set (before: the base alone, both
    # thresholds its `None`s, a false LXF015 "neither is set")
    assert placed(tmp_path / "base.py") == []


def test_a_pick_of_another_class_of_the_registry_is_fine(tmp_path):
    # (before: `self` was the base alone, both thresholds its `None`s: a false LXF015 error)
    clippers(tmp_path, "norm")
    assert placed(tmp_path / "base.py") == []
    assert placed(tmp_path / "train.py") == []


def test_picks_spelled_otherwise(tmp_path):
    for build in ("clipper = CLIPPERS.get(KIND)()", "make = CLIPPERS[KIND]\n    clipper = make()"):
        clippers(tmp_path, "value", build)
        assert [f[:2] + f[5:] for f in placed(tmp_path / "train.py")] == [("LXF014", "error", ("kinds.py", 9))], build
        assert placed(tmp_path / "base.py") == [], build
        clippers(tmp_path, "norm", build)
        assert placed(tmp_path / "train.py") == placed(tmp_path / "base.py") == [], build


METRIC_BASE = '''\
import torch

METRICS = {}


class Metric:
    reduce_op = "mean"

    def __init_subclass__(cls, reduce="mean", name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.reduce_op = reduce
        METRICS[name or cls.__name__.lower()] = cls

    def compute(self, fabric):
        return fabric.all_reduce(torch.tensor(1.0), reduce_op=self.reduce_op)
'''
METRIC_LOSS = '''\
from base import Metric


class ValLoss(Metric, name="val_loss"):
    pass


class PeakLoss(Metric, reduce="max", name="peak_loss"):
    pass
'''
METRIC_TRAIN = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import loss  # noqa: F401  (registers the metrics)
from base import METRICS


def train(fabric):
    metric = METRICS["{name}"]()
    metric.compute(fabric)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''


def test_a_class_a_base_hook_registers_is_self_of_the_base_method(tmp_path):
    tree(tmp_path, {"base.py": METRIC_BASE, "loss.py": METRIC_LOSS, "train.py": METRIC_TRAIN.format(name="peak_loss")})
    assert placed(tmp_path / "train.py") == [("LXF027", "error", 10, 4, 18, ("loss.py", 8))]
    tree(tmp_path, {"train.py": METRIC_TRAIN.format(name="val_loss")})
    assert placed(tmp_path / "train.py") == placed(tmp_path / "base.py") == []


# a method called on a picked or built object in one expression

RECIPES = '''\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Recipe:
    wrap_policy = None

    @classmethod
    def from_name(cls, name):
        return RECIPES[name]()

    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap_policy)


class BlockRecipe(Recipe):
    wrap_policy = {nn.Linear}


class LayerRecipe(Recipe):
    wrap_policy = [nn.Linear]


RECIPES = {"blocks": BlockRecipe, "layers": LayerRecipe}
'''
PRESETS = 'PRESETS = {"blocks": BlockRecipe(), "layers": LayerRecipe()}\n'
# (a class built nowhere but through the pick; and instances of a table, whose constructions the file writes)
CHAINED = (('RECIPES["{key}"]().strategy()', ""), ('Recipe.from_name("{key}").strategy()', ""),
           ('PRESETS.get("{key}").strategy()', PRESETS), ('PRESETS["{key}"].strategy()', PRESETS))


def test_a_method_on_a_picked_object_in_one_expression(tmp_path):
    for spelled, more in CHAINED:
        path = tmp_path / "train.py"
        path.write_text(RECIPES + more + f'\nFabric(accelerator="tpu", strategy={spelled.format(key="layers")})\n')
        found = check_source(path.read_text(), str(path)).findings
        assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.span.end.column)
                for f in found] == [("LXF028", "error", 14, 48, 64)], spelled
        assert found[0].message.startswith("`auto_wrap_policy` must be a set of module classes or a callable, "
                                           "found [nn.Linear] (from `LayerRecipe.wrap_policy`, line 22)"), spelled
        path.write_text(RECIPES + more + f'\nFabric(accelerator="tpu", strategy={spelled.format(key="blocks")})\n')
        assert check_source(path.read_text(), str(path)).findings == [], spelled


INSTANCES = 'from kinds import NormClip, ValueClip\n\nCLIPPERS = {"norm": NormClip(), "value": ValueClip()}\n'


def test_a_method_on_an_entry_of_a_table_of_instances_of_another_module(tmp_path):
    # (before: only `clipper = CLIPPERS.get(KIND)` was read; the subscript, bound or chained, was not)
    for build, call, span in (("clipper = CLIPPERS[KIND]", "clipper.apply", (4, 17)), ("clipper = CLIPPERS.get(KIND)", "clipper.apply", (4, 17)),
                              ("pass", "CLIPPERS[KIND].apply", (4, 24))):
        for kind, expected in (("value", [("LXF014", "error", 14, *span, ("kinds.py", 9))]), ("norm", [])):
            tree(tmp_path, {"base.py": BASE, "kinds.py": KINDS, "registry.py": INSTANCES,
                            "train.py": TRAIN.format(kind=kind, build=build).replace("clipper.apply", call)})
            assert placed(tmp_path / "train.py") == expected, (build, call, kind)
            assert placed(tmp_path / "base.py") == placed(tmp_path / "registry.py") == [], (build, call, kind)


def may_run(source: str) -> list[bool]:
    ctx = context(source, None)
    return [ctx.may_run_project_method(c.func) for c in ctx.nodes(ast.Call)
            if isinstance(c.func, ast.Attribute) and c.func.attr == "strategy"]


def test_the_scan_lets_a_chained_method_call_through():
    assert may_run(RECIPES + 'RECIPES["fsdp"]().strategy()\n') == [True]
    assert may_run(RECIPES + PRESETS + 'PRESETS.get("fsdp").strategy()\n') == [True]
    assert may_run(RECIPES + 'Recipe.from_name("fsdp").strategy()\n') == [True]
    assert may_run(RECIPES + 'recipe = RECIPES["fsdp"]()\nrecipe.strategy()\n') == [True]
    assert may_run(RECIPES + PRESETS + 'PRESETS["fsdp"].strategy()\n') == [True]
    assert may_run(RECIPES + PRESETS + 'preset = PRESETS["fsdp"]\npreset.strategy()\n') == [True]
    # no class of the file defines the method, or the call is a library's: nothing to read
    assert may_run(RECIPES.replace("def strategy", "def build") + 'RECIPES["fsdp"]().strategy()\n') == [False]
    assert may_run(textwrap.dedent('''\
        import torch
        torch.zeros(3).strategy()
        ''')) == [False]
