"""A method called on an object a pick the run decides builds (`LAUNCHERS[os.environ["LAUNCHER"]]()` then
`launcher.fabric(strategy)`, `CLIPPERS[RUN["clip"]]()` then `clipper.apply(fabric, ...)`): the pick is read
as an instance of each class its table holds, and the method is run once for the call with `self` each of
them, under `self is a X`. What the call passes (the strategy, the Fabric) then reaches the method: an error
where every class the pick may build raises, a warning naming the class where some do, nothing where none
do. (Before: the pick was another run's, the call not linked to the method, nothing was said.)"""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree
from .test_picked_builds import BASE

LAUNCHERS = '''\
from lightning.fabric import Fabric


class Launcher:
    precision = "32-true"

    def fabric(self, strategy):
        return Fabric(accelerator="tpu", strategy=strategy, precision=self.precision)


class FullLauncher(Launcher):
    precision = "{full}"


class MixedLauncher(Launcher):
    precision = "{mixed}"


LAUNCHERS = {{"full": FullLauncher, "mixed": MixedLauncher}}
'''
TRAIN = '''\
import argparse
import json
import os
import sys
from pathlib import Path

from lightning.fabric.strategies import XLAFSDPStrategy

from launchers import LAUNCHERS


def train(fabric):
    fabric.print("step")


{build}
launcher.fabric(XLAFSDPStrategy()).launch(train)
'''
ARGS = 'parser = argparse.ArgumentParser()\nparser.add_argument("--launcher", required=True)\nargs = parser.parse_args()\n'
PICKS = ('launcher = LAUNCHERS[os.environ["LAUNCHER"]]()',
         "launcher = LAUNCHERS.get(sys.argv[1])()",
         ARGS + "make = LAUNCHERS[args.launcher]\nlauncher = make()",
         'RUN = json.loads(Path("run.json").read_text())\nlauncher = LAUNCHERS[RUN["launcher"]]()')
MIXED = ("`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
         "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)` (from "
         "`MixedLauncher.precision`, `launchers.py`, line 16)")


def placed(path: Path) -> list[tuple[str, str, int, int, int, tuple[str, int] | None]]:
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.span.end.column,
             f.elsewhere and (Path(f.elsewhere.path).name, f.elsewhere.span.start.line + 1))
            for f in check_source(path.read_text(), str(path)).findings]


def messages(path: Path) -> list[str]:
    return [f.message for f in check_source(path.read_text(), str(path)).findings]


def launchers(root: Path, full: str, mixed: str, build: str) -> Path:
    tree(root, {"launchers.py": LAUNCHERS.format(full=full, mixed=mixed), "train.py": TRAIN.format(build=build)})
    return root / "train.py"


def test_a_method_on_a_picked_object_runs_for_each_class_a_warning_names_the_one_that_raises(tmp_path):
    for build in PICKS:
        train = launchers(tmp_path, "bf16-true", "bf16-mixed", build)
        line = build.count("\n") + 17
        # at the call, placed where MixedLauncher's precision is written
        assert placed(train) == [("LXF007", "warning", line, 0, 15, ("launchers.py", 16))], build
        assert messages(train) == [MIXED + "; when self is a MixedLauncher (in `fabric`, `launchers.py`, line 8, "
                                           "for this call)"], build
        assert placed(tmp_path / "launchers.py") == [], build  # its own reading: no strategy is known there


def test_every_class_the_pick_may_build_raises_an_error(tmp_path):
    for build in PICKS:
        train = launchers(tmp_path, "16-mixed", "bf16-mixed", build)
        assert [f[:2] for f in placed(train)] == [("LXF007", "error")], build


def test_no_class_the_pick_may_build_raises_nothing(tmp_path):
    for build in PICKS:
        assert placed(launchers(tmp_path, "bf16-true", "32-true", build)) == [], build


def test_a_method_each_class_resolves_to_another_def_is_not_run(tmp_path):
    # MixedLauncher overrides `fabric`: the classes run different bodies, which one call cannot read together
    text = LAUNCHERS.format(full="bf16-true", mixed="bf16-mixed").replace(
        '    precision = "bf16-mixed"\n',
        '    precision = "bf16-mixed"\n\n    def fabric(self, strategy):\n'
        '        return Fabric(accelerator="tpu", strategy=strategy, precision="16-mixed")\n')
    tree(tmp_path, {"launchers.py": text, "train.py": TRAIN.format(build=PICKS[0])})
    assert placed(tmp_path / "train.py") == []


def test_a_method_the_picked_method_calls_on_self_runs_for_each_class_too(tmp_path):
    text = LAUNCHERS.format(full="bf16-mixed", mixed="bf16-mixed").replace(
        "    def fabric(self, strategy):\n        return Fabric(",
        "    def fabric(self, strategy):\n        return self.build(strategy)\n\n"
        "    def build(self, strategy):\n        return Fabric(")
    tree(tmp_path, {"launchers.py": text, "train.py": TRAIN.format(build=PICKS[0])})
    assert [f[:2] for f in placed(tmp_path / "train.py")] == [("LXF007", "error")]


KINDS = '''\
from base import Clipper


class ValueClip(Clipper):
    clip_val = 0.5


class HardValueClip(ValueClip):
    clip_val = 0.1
'''
CLIP_TRAIN = '''\
import os

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from kinds import HardValueClip, ValueClip

CLIPPERS = {"value": ValueClip, "hard": HardValueClip}


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(2, 2))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    clipper = CLIPPERS[os.environ["CLIP"]]()
    clipper.apply(fabric, model, optimizer)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''


def test_every_picked_clipper_clips_by_value_an_error_where_the_values_are_written(tmp_path):
    tree(tmp_path, {"base.py": BASE, "kinds.py": KINDS, "train.py": CLIP_TRAIN})
    # both values written in kinds.py, read as `self.clip_val` in base.py: kinds.py is where the fix belongs
    assert placed(tmp_path / "train.py") == [("LXF014", "error", 16, 4, 17, ("kinds.py", 5))]
    assert placed(tmp_path / "base.py") == []


# a class got from a module by a name the run may set beside a default: the plain run's is the default's

MIXIN = '''\
class GradClipMixin:
    clip_val = None
    max_norm = None

    def clip(self, model, optimizer):
        self.fabric.clip_gradients(model, optimizer, clip_val=self.clip_val, max_norm=self.max_norm)
'''
LOOPS = '''\
from mixins import GradClipMixin


class Trainer:
    def __init__(self, fabric):
        self.fabric = fabric

    def fit(self, model, optimizer):
        self.step(model, optimizer)

    def step(self, model, optimizer):
        optimizer.step()


class SteadyTrainer(GradClipMixin, Trainer):
    {steady}

    def step(self, model, optimizer):
        self.clip(model, optimizer)
        optimizer.step()
'''
GOT = '''\
import os

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import loops


def train(fabric):
    model = fabric.setup_module(torch.nn.Linear(2, 2))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    trainer_cls = getattr(loops, {name})
    trainer_cls(fabric).fit(model, optimizer)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''
NAMES = ('os.environ.get("TRAINER", "Steady") + "Trainer"', 'f"{os.environ.get(\'TRAINER\', \'Steady\')}Trainer"',
         'os.getenv("TRAINER", "SteadyTrainer")')


def test_a_class_got_by_a_name_the_run_may_set_is_the_default_s_for_the_plain_run(tmp_path):
    for name in NAMES:
        tree(tmp_path, {"mixins.py": MIXIN, "loops.py": LOOPS.format(steady="clip_val = 1.0"),
                        "train.py": GOT.format(name=name)})
        # (before: the name was unknown, `trainer_cls(fabric)` too, and `self.fabric` of `clip` with it)
        assert placed(tmp_path / "train.py") == [("LXF014", "error", 14, 4, 27, ("loops.py", 16))], name
        tree(tmp_path, {"loops.py": LOOPS.format(steady="max_norm = 1.0")})
        assert placed(tmp_path / "train.py") == [], name


def test_a_name_joined_from_a_variable_the_run_sets_and_its_default():
    from .test_flow import probe

    source = 'import os\nprobe(os.environ.get("T", "Steady") + "Trainer")\n'
    assert probe(source) == [("unknown", 2, 6, ()), ("str", 2, 6, ('"T" is not set in the environment',))]
    # no default: a string the file cannot read, as before
    assert probe('import os\nprobe(os.environ["T"] + "Trainer")\n') == [("unknown", 2, 6, ())]


def test_a_table_of_factories_gives_each_the_instance_it_builds(tmp_path):
    factories = LAUNCHERS.format(full="bf16-true", mixed="bf16-mixed").replace(
        'LAUNCHERS = {"full": FullLauncher, "mixed": MixedLauncher}',
        "def full():\n    return FullLauncher()\n\n\ndef mixed():\n    return MixedLauncher()\n\n\n"
        'LAUNCHERS = {"full": full, "mixed": mixed}')
    tree(tmp_path, {"launchers.py": factories, "train.py": TRAIN.format(build=PICKS[0])})
    assert placed(tmp_path / "train.py") == [("LXF007", "warning", 17, 0, 15, ("launchers.py", 16))]
    assert messages(tmp_path / "train.py")[0].endswith("; when self is a MixedLauncher (in `fabric`, `launchers.py`, "
                                                      "line 8, for this call)")


# a registry a decorator of another module fills (`@register("value") class ValueClip(Clipper)`)

REGISTRY = '''\
CLIPPERS = {}


def register(name):
    def add(cls):
        CLIPPERS[name] = cls
        return cls

    return add


class Clipper:
    clip_val = None
    max_norm = None

    def apply(self, fabric, model, optimizer):
        fabric.clip_gradients(model, optimizer, clip_val=self.clip_val, max_norm=self.max_norm)
'''
REGISTERED = '''\
from registry import Clipper, register


@register("value")
class ValueClip(Clipper):
    {first} = 0.5


@register("warmup")
class WarmupClip(ValueClip):
    {second} = 0.1
'''
REGISTRY_TRAIN = CLIP_TRAIN.replace('from kinds import HardValueClip, ValueClip\n\nCLIPPERS = {"value": ValueClip, "hard": HardValueClip}\n',
                                    "import kinds  # noqa: F401\nfrom registry import CLIPPERS\n")


def registered(root: Path, first: str, second: str, pick: str) -> Path:
    tree(root, {"registry.py": REGISTRY, "kinds.py": REGISTERED.format(first=first, second=second),
                "train.py": REGISTRY_TRAIN.replace('CLIPPERS[os.environ["CLIP"]]()', pick)})
    return root


def test_classes_a_decorator_registers_are_self_of_the_base_s_method(tmp_path):
    # (before: `self` was the Clipper alone, neither threshold set: a false LXF015 error)
    registered(tmp_path, "max_norm", "max_norm", 'CLIPPERS[os.environ["CLIP"]]()')
    assert placed(tmp_path / "registry.py") == []
    assert placed(tmp_path / "train.py") == []


def test_a_class_another_module_s_decorator_returns_stays_the_class(tmp_path):
    # `@register("value")` returns what it decorates: WarmupClip derives from ValueClip, whose `apply` is the
    # Clipper's (before: `ValueClip` was what `add` returns, unknown, and nothing was linked)
    registered(tmp_path, "clip_val", "clip_val", 'CLIPPERS[os.environ.get("CLIP", "warmup")]()')
    assert placed(tmp_path / "train.py") == [("LXF014", "error", 15, 4, 17, ("kinds.py", 11))]
    registered(tmp_path, "max_norm", "max_norm", 'CLIPPERS[os.environ.get("CLIP", "warmup")]()')
    assert placed(tmp_path / "train.py") == []
