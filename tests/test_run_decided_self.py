"""`self` of a base's method when the only constructions are picks the run decides (`CLIPPERS[os.environ["CLIP"]]()`,
`RECIPES[args.recipe]()` with no default, `getattr(module, name)()`, a walk of `__subclasses__()`): any concrete
subclass the pick may build, each under `self is a X`; the base alone only when the project builds it directly
(or nothing else can be `self`). An error when every possible `self` raises, a warning naming the one that does
where some do, nothing where none do. A class that leaves a method abstract (`@abstractmethod`, a body that only
raises NotImplementedError) is a base, not what a pick builds."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree
from .test_picked_builds import BASE, KINDS, TRAIN

RECIPES = '''\
import argparse
import os
import sys

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Recipe:
    wrap_policy = None

    def strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.wrap_policy)


class BlockRecipe(Recipe):
    wrap_policy = {block}


class LayerRecipe(Recipe):
    wrap_policy = {layer}


RECIPES = {{"blocks": BlockRecipe, "layers": LayerRecipe}}
'''
ARGS = 'parser = argparse.ArgumentParser()\nparser.add_argument("--recipe", required=True)\nargs = parser.parse_args()\n'
PICKS = ('RECIPES[os.environ["RECIPE"]]()', "RECIPES[sys.argv[1]]()", ARGS + "RECIPES[args.recipe]()",
         "next(k for k in Recipe.__subclasses__() if k.__name__ == sys.argv[1])()")
LIST_MESSAGE = ("`auto_wrap_policy` must be a set of module classes or a callable, found [nn.Linear] (from "
                "`LayerRecipe.wrap_policy`, line 22): torch_xla calls it at `setup_module` ('list' object is not callable)")


def placed(path: Path) -> list[tuple[str, str, int, int, int]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(path.read_text(), str(path)).findings]


def messages(path: Path) -> list[str]:
    return [f.message for f in check_source(path.read_text(), str(path)).findings]


def recipes(tmp_path: Path, block: str, layer: str, build: str) -> Path:
    path = tmp_path / "recipes.py"
    prelude, _, build = build.rpartition("\n")  # (an option's parser first)
    path.write_text(RECIPES.format(block=block, layer=layer) + f'\n{prelude}\nFabric(accelerator="tpu", strategy={build}.strategy())\n')
    return path


def test_a_pick_the_run_decides_may_build_any_subclass_a_warning_names_the_one_that_raises(tmp_path):
    for build in PICKS:
        path = recipes(tmp_path, "{nn.Linear}", "[nn.Linear]", build)
        # (before: `self` was the Recipe alone, its `None` policy fine: nothing)
        assert placed(path) == [("LXF028", "warning", 14, 48, 64)], build
        assert messages(path) == [LIST_MESSAGE + "; when self is a LayerRecipe"], build


def test_every_class_the_pick_may_build_raises_an_error(tmp_path):
    for build in PICKS:
        path = recipes(tmp_path, "[nn.Linear]", "[nn.Linear]", build)
        assert [f[:2] for f in placed(path)] == [("LXF028", "error")], build


def test_no_class_the_pick_may_build_raises_nothing(tmp_path):
    for build in PICKS:
        assert placed(recipes(tmp_path, "{nn.Linear}", "{nn.Embedding}", build)) == [], build


def test_the_base_built_directly_is_self_alone(tmp_path):
    # a subclass nothing builds nor picks is no `self`: the Recipe built is, its `None` policy fine
    path = recipes(tmp_path, "[nn.Linear]", "[nn.Linear]", "Recipe()")
    assert placed(path) == []


def test_a_subclass_leaving_a_method_abstract_is_no_self(tmp_path):
    for abstract in ("    def name(self):\n        raise NotImplementedError\n",
                     "    @abc.abstractmethod\n    def name(self):\n        ...\n"):
        path = recipes(tmp_path, "{nn.Linear}", "[nn.Linear]", PICKS[0])
        text = "import abc\n" + path.read_text().replace("    wrap_policy = [nn.Linear]\n",
                                                         "    wrap_policy = [nn.Linear]\n\n" + abstract)
        path.write_text(text)
        assert placed(path) == [], abstract


# another module's base: picks the run decides in the modules importing it

ENV_TRAIN = TRAIN.replace('KIND = "{kind}"', 'KIND = os.environ["CLIP"]').replace("import torch\n", "import os\n\nimport torch\n", 1)
NEITHER = '''\
from base import Clipper


class LoggedClip(Clipper):
    every = 10


class QuietClip(Clipper):
    every = 100
'''


def test_a_registry_picked_by_the_environment_gives_the_base_every_subclass(tmp_path):
    registry = 'from kinds import NormClip, ValueClip\n\nCLIPPERS = {"norm": NormClip, "value": ValueClip}\n'
    tree(tmp_path, {"base.py": BASE, "kinds.py": KINDS, "registry.py": registry,
                    "train.py": ENV_TRAIN.format(build="clipper = CLIPPERS[KIND]()")})
    # (before: the base alone, both thresholds its `None`s: a false LXF015 error "neither is set")
    assert placed(tmp_path / "base.py") == []
    registry = registry.replace("NormClip, ValueClip", "LoggedClip, QuietClip").replace('"norm": NormClip, "value": ValueClip',
                                                                                         '"logged": LoggedClip, "quiet": QuietClip')
    tree(tmp_path, {"kinds.py": NEITHER, "registry.py": registry})
    # every class the run may pick sets neither threshold: the error stands
    assert placed(tmp_path / "base.py") == [("LXF015", "error", 6, 15, 36)]


def test_a_class_got_from_a_module_by_a_name_the_run_gives(tmp_path):
    train = ENV_TRAIN.replace("from registry import CLIPPERS\n", "import kinds\n")
    tree(tmp_path, {"base.py": BASE, "kinds.py": KINDS, "train.py": train.format(build="clipper = getattr(kinds, KIND)()")})
    assert placed(tmp_path / "base.py") == []  # (before: a false LXF015 error)
    tree(tmp_path, {"kinds.py": NEITHER})
    assert placed(tmp_path / "base.py") == [("LXF015", "error", 6, 15, 36)]


# the class got otherwise than by a name written at the call: through a local name, a module's namespace, a
# walk of the base's subclasses in a module that never names the subclasses

OTHER_BUILDS = (
    'import sys\n    from kinds import {a}, {b}\n    cls = {a} if sys.argv[1] == "a" else {b}\n    clipper = cls()',
    "import sys\n    import kinds\n    clipper = vars(kinds)[sys.argv[1]]()",
    "import sys\n    import kinds\n    clipper = kinds.__dict__[sys.argv[1]]()",
    "import sys\n    from base import Clipper\n    clipper = {{k.__name__: k for k in Clipper.__subclasses__()}}[sys.argv[1]]()",
)


def test_classes_got_otherwise_than_by_their_name(tmp_path):
    registry = 'from kinds import NormClip, ValueClip\n\nCLIPPERS = {"norm": NormClip, "value": ValueClip}\n'
    for i, build in enumerate(OTHER_BUILDS):
        root = tmp_path / str(i)  # (a project of its own each)
        root.mkdir()
        tree(root, {"base.py": BASE, "kinds.py": KINDS, "registry.py": registry,
                        "train.py": ENV_TRAIN.format(build=build.format(a="NormClip", b="ValueClip"))})
        assert placed(root / "base.py") == [], build  # (before: a false LXF015 error)
        root = tmp_path / f"{i}-neither"
        root.mkdir()
        tree(root, {"base.py": BASE, "kinds.py": NEITHER, "registry.py": registry.replace("NormClip, ValueClip", "LoggedClip, QuietClip")
                        .replace('"norm": NormClip, "value": ValueClip', '"logged": LoggedClip, "quiet": QuietClip'),
                        "train.py": ENV_TRAIN.format(build=build.format(a="LoggedClip", b="QuietClip"))})
        assert placed(root / "base.py") == [("LXF015", "error", 6, 15, 36)], build
