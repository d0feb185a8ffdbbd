"""A command line whose options or defaults another module of the project gives: a parent parser a function there
builds (`ArgumentParser(parents=[optim_parser()])`), a parser handed to a function there that sets the defaults
(`return cli_defaults.install(parser)`, the helper returning the parser it is given). The option's default is read
where it is written, and a finding the default decides is placed there. A helper that returns its parameter after
changing it (`setattr` in a loop) is not read as returning it unchanged. Real files on disk; the findings are exact."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

PARENTS = """\
import argparse


def optim_parser():
    parser = argparse.ArgumentParser(add_help=False)
    group = parser.add_argument_group("optimization")
    group.add_argument("--clip", type=float, default=0.5)
    group.add_argument("--clip-mode", choices=("value", "norm"), default="{mode}")
    return parser
"""

LOOP = """\
def clip_kwargs(args):
    if args.clip_mode == "value":
        return {"clip_val": args.clip}
    return {"max_norm": args.clip}


def fit(fabric, args, model, optimizer):
    fabric.clip_gradients(model, optimizer, **clip_kwargs(args))
"""

TRAIN = """\
import argparse

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from loop import fit
from parents import optim_parser


def run(fabric, args):
    fit(fabric, args, None, None)


if __name__ == "__main__":
    args = argparse.ArgumentParser(parents=[optim_parser()]).parse_args()
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(run, args)
"""

BY_VALUE = ("XLA's FSDP strategy does not support to clip gradients by value: `clip_val` raises NotImplementedError. "
            "Clip by norm with `max_norm` instead")


def tree(root: Path, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        (root / name).write_text(text)
    return root


def found(path: Path) -> list[tuple[str, str, str, str | None, int | None]]:
    out = []
    for f in check_source(path.read_text(), str(path)).findings:
        place = f.elsewhere
        out.append((f.code, f.severity.value, f.message, Path(place.path).name if place else None,
                    place.span.start.line + 1 if place else None))
    return out


def test_a_parent_parser_s_default_of_another_module_decides_the_helper_s_branch_and_is_where_it_is_placed(tmp_path):
    tree(tmp_path, {"parents.py": PARENTS.format(mode="value"), "loop.py": LOOP, "train.py": TRAIN})
    assert found(tmp_path / "loop.py") == [("LXF014", "error", BY_VALUE, "parents.py", 8)]


def test_a_parent_parser_defaulting_to_the_norm_is_fine(tmp_path):
    tree(tmp_path, {"parents.py": PARENTS.format(mode="norm"), "loop.py": LOOP, "train.py": TRAIN})
    assert found(tmp_path / "loop.py") == []
    assert found(tmp_path / "train.py") == []


DEFAULTS = """\
RUN_DEFAULTS = dict(accelerator="{accelerator}", devices=4)


def install(parser):
    parser.set_defaults(**RUN_DEFAULTS)
    return parser
"""

INSTALLED = """\
import argparse

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import cli_defaults


def build_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--accelerator")
    parser.add_argument("--devices", type=int)
    return cli_defaults.install(parser)


def train(fabric):
    pass


if __name__ == "__main__":
    args = build_parser().parse_args()
    Fabric(accelerator=args.accelerator, devices=args.devices, strategy=XLAFSDPStrategy()).launch(train)
"""


def test_defaults_a_helper_of_another_module_sets_on_the_parser_it_returns_are_the_options_defaults(tmp_path):
    tree(tmp_path, {"cli_defaults.py": DEFAULTS.format(accelerator="cpu"), "train.py": INSTALLED})
    assert [(f[0], f[1], f[3], f[4]) for f in found(tmp_path / "train.py")] == [("LXF010", "error", "cli_defaults.py", 1)]


def test_the_tpu_defaults_are_fine(tmp_path):
    tree(tmp_path, {"cli_defaults.py": DEFAULTS.format(accelerator="tpu"), "train.py": INSTALLED})
    assert found(tmp_path / "train.py") == []


NORMALIZE = """\
def normalize(sharding):
    for name in ("auto_wrap_policy", "activation_checkpointing_policy"):
        value = getattr(sharding, name)
        if isinstance(value, list):
            setattr(sharding, name, set(value))
    return sharding
"""

CONFIG = """\
from dataclasses import dataclass, field

from torch import nn


@dataclass
class Sharding:
    auto_wrap_policy: list = field(default_factory=lambda: [nn.Linear])
    activation_checkpointing_policy: list = field(default_factory=lambda: [nn.Linear])


@dataclass
class TrainConfig:
    sharding: Sharding = field(default_factory=Sharding)
"""

NORMALIZED = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import TrainConfig
from normalize import normalize


def train(fabric):
    pass


def main():
    cfg = TrainConfig()
    sharding = normalize(cfg.sharding)
    strategy = XLAFSDPStrategy(auto_wrap_policy=sharding.auto_wrap_policy,
                               activation_checkpointing_policy=sharding.activation_checkpointing_policy)
    Fabric(accelerator="tpu", strategy=strategy).launch(train)


if __name__ == "__main__":
    main()
"""


def test_a_helper_returning_its_parameter_after_changing_it_is_not_read_as_returning_it_unchanged(tmp_path):
    # `setattr(sharding, name, set(value))` turns the config's lists into sets before they reach the strategy
    tree(tmp_path, {"normalize.py": NORMALIZE, "config.py": CONFIG, "train.py": NORMALIZED})
    assert found(tmp_path / "train.py") == []
