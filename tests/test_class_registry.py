"""A registry that a decorator fills with classes (`@register("fsdp-remat") class ShardAndRemat(Recipe)`), its
applications written in another module than the registry: each application stores its class under the factory's
argument, so `RECIPES[name]()` built elsewhere is that class's instance and its methods read its attributes."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

REGISTRY = '''\
RECIPES = {}


def register(name):
    def add(cls):
        RECIPES[name] = cls
        return cls

    return add


def get(name):
    return RECIPES[name]()
'''
RECIPES = '''\
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from registry import register


class Block(nn.Module):
    pass


class Recipe:
    remat = None

    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy={{Block}}, activation_checkpointing_policy=self.remat)


@register("fsdp")
class ShardOnly(Recipe):
    pass


@register("fsdp-remat")
class ShardAndRemat(Recipe):
    remat = {remat}
'''
TRAIN = '''\
import torch
from lightning.fabric import Fabric

import recipes  # noqa: F401
import registry


def train(fabric):
    fabric.setup_module(torch.nn.Sequential(recipes.Block()))


recipe = registry.get("{name}")
fabric = Fabric(accelerator="tpu", strategy=recipe.strategy())
fabric.launch(train)
'''


def placed(path: Path) -> list[tuple[str, str, int, tuple[str, int] | None]]:
    return [(f.code, f.severity.value, f.span.start.line + 1,
             f.elsewhere and (Path(f.elsewhere.path).name, f.elsewhere.span.start.line + 1))
            for f in check_source(path.read_text(), str(path)).findings]


def test_the_class_a_name_picks_is_built_and_its_attribute_read(tmp_path):
    tree(tmp_path, {"registry.py": REGISTRY, "recipes.py": RECIPES.format(remat="(Block,)"),
                    "train.py": TRAIN.format(name="fsdp-remat")})
    assert placed(tmp_path / "train.py") == [("LXF001", "error", 13, ("recipes.py", 25))]


def test_a_fine_class_or_another_name_is_silent(tmp_path):
    tree(tmp_path, {"registry.py": REGISTRY, "recipes.py": RECIPES.format(remat="{Block}"),
                    "train.py": TRAIN.format(name="fsdp-remat")})
    assert placed(tmp_path / "train.py") == []
    tree(tmp_path, {"recipes.py": RECIPES.format(remat="(Block,)"), "train.py": TRAIN.format(name="fsdp")})
    assert placed(tmp_path / "train.py") == []
