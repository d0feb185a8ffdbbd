"""Configuration objects as real training projects build and copy them: a NamedTuple of another module copied
with `_replace` and spread with `_asdict()`, a dataclass built by a classmethod `from_dict` and copied with
`dataclasses.replace` (here or in a helper of another module), `asdict` of one built from `**` a dict, of one
whose field is another dataclass or a `default_factory`, an argparse option of another module's parser, and a
classmethod of another module given the Fabric before the launch. Findings exact."""

from __future__ import annotations

from pathlib import Path

from errata_lsp.analysis import check_source

HEAD = """\
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
"""

CONFIG = """\
import dataclasses
from dataclasses import asdict, dataclass, field


@dataclass
class FabricConfig:
    accelerator: str = "tpu"
    precision: str = "bf16-mixed"


@dataclass
class TrainConfig:
    fabric: FabricConfig = field(default_factory=FabricConfig)
    lr: float = 3e-4

    @classmethod
    def from_dict(cls, d):
        d = dict(d)
        fabric = FabricConfig(**d.pop("fabric", {}))
        return cls(fabric=fabric, **d)
"""

PRECISION = ("LXF007", "error", "`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: "
             "('32-true', '16-true', 'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag "
             "becomes `XLAPrecision(...)`")


def tree(root: Path, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def found(path: Path) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(path.read_text(), str(path)).findings]


def one_file(text: str) -> list[tuple[str, str, str, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text, "train.py").findings]


def test_a_namedtuple_of_another_module_replaced_then_spread_by_asdict(tmp_path):
    sharding = ("from typing import Any, NamedTuple, Optional\n\n\nclass Block:\n    pass\n\n\n"
                "class Options(NamedTuple):\n    auto_wrap_policy: Any\n    activation_checkpointing_policy: Optional[Any] = None\n\n\n"
                "REMAT = (Block,)\nDEFAULT = Options(auto_wrap_policy={Block})\n")
    train = HEAD + ("from sharding import DEFAULT, REMAT\n\n"
                    "options = DEFAULT._replace(activation_checkpointing_policy=REMAT)\n"
                    "strategy = XLAFSDPStrategy(**options._asdict())\n")
    tree(tmp_path, {"sharding.py": sharding, "train.py": train})
    assert found(tmp_path / "train.py") == [(
        "LXF001", "error", "`activation_checkpointing_policy` must be a set, found (Block,) (from `REMAT`, "
        "`sharding.py`, line 13)", 6, 29)]


def test_a_namedtuple_spread_whole_by_asdict_in_its_own_module_is_still_read():
    text = HEAD + ("from typing import Any, NamedTuple, Optional\n\n\nclass Block:\n    pass\n\n\n"
                   "class Options(NamedTuple):\n    auto_wrap_policy: Any\n    activation_checkpointing_policy: Optional[Any] = None\n\n\n"
                   "options = Options({Block}, {Block})\nstrategy = XLAFSDPStrategy(**options._asdict())\n")
    assert one_file(text) == []


def test_a_classmethod_constructor_called_twice_is_read_for_each_call():
    text = HEAD + CONFIG + (
        "\n\ngpu = TrainConfig.from_dict({\"fabric\": {\"accelerator\": \"cuda\"}})\n"
        "tpu = TrainConfig.from_dict({\"fabric\": {\"accelerator\": \"tpu\", \"precision\": \"bf16-true\"}})\n"
        "ok = Fabric(precision=tpu.fabric.precision, strategy=XLAFSDPStrategy())\n"
        "bad = Fabric(precision=gpu.fabric.precision, strategy=XLAFSDPStrategy())\n")
    assert one_file(text) == [(*PRECISION[:2], PRECISION[2] + " (from `FabricConfig.precision`, line 10)", 28, 23)]


def test_asdict_of_a_dataclass_built_from_a_spread_dict_keeps_the_fields_it_lacks_at_their_default():
    text = HEAD + CONFIG + (
        "\n\nfc = FabricConfig(**{\"accelerator\": \"tpu\"})\n"
        "fabric = Fabric(**asdict(fc), strategy=XLAFSDPStrategy())\n")
    assert one_file(text) == [(*PRECISION[:2], PRECISION[2] + " (from `FabricConfig.precision`, line 10)", 26, 18)]


def test_asdict_turns_a_nested_dataclass_field_into_its_dict_and_a_default_factory_into_what_it_makes():
    text = HEAD + CONFIG + (
        "\n\nd = asdict(TrainConfig())\n"
        "fabric = Fabric(**d[\"fabric\"], strategy=XLAFSDPStrategy())\n")
    assert one_file(text) == [(*PRECISION, 10, 21)]  # (the field's default, written in this file)


def test_dataclasses_replace_of_an_instance_a_classmethod_built():
    text = HEAD + CONFIG + (
        "\n\ncfg = TrainConfig.from_dict({\"lr\": 1e-4})\n"
        "cfg = dataclasses.replace(cfg, lr=2e-4)\n"
        "fabric = Fabric(**asdict(cfg.fabric), strategy=XLAFSDPStrategy())\n")
    assert one_file(text) == [(*PRECISION[:2], PRECISION[2] + " (from `FabricConfig.precision`, line 10)", 27, 18)]


def test_a_helper_of_another_module_that_returns_a_replaced_copy_of_its_parameter(tmp_path):
    overrides = ("import dataclasses\n\n\ndef with_fabric(cfg, **changes):\n"
                 "    return dataclasses.replace(cfg, fabric=dataclasses.replace(cfg.fabric, **changes))\n")
    train = HEAD + ("from dataclasses import asdict\n\nfrom config import TrainConfig\nfrom overrides import with_fabric\n\n"
                    "cfg = with_fabric(TrainConfig.from_dict({\"lr\": 1e-4}), accelerator=\"tpu\")\n"
                    "fabric = Fabric(**asdict(cfg.fabric), strategy=XLAFSDPStrategy())\n")
    tree(tmp_path, {"config.py": CONFIG, "overrides.py": overrides, "train.py": train})
    assert found(tmp_path / "train.py") == [
        (*PRECISION[:2], PRECISION[2] + " (from `FabricConfig.precision`, `config.py`, line 8)", 9, 18)]


def test_an_option_of_another_module_s_parser_with_a_number_default_is_never_none(tmp_path):
    cli = ("import argparse\n\n\ndef parse_args(argv=None):\n    parser = argparse.ArgumentParser()\n"
           "    parser.add_argument(\"--grad-clip\", type=float, default=1.0)\n    return parser.parse_args(argv)\n")
    loop = ("def step(fabric, model, optimizer, args):\n"
            "    fabric.clip_gradients(model, optimizer, clip_val=args.grad_clip)\n")
    train = HEAD + ("from cli import parse_args\nfrom loop import step\n\n\ndef main(fabric, args):\n"
                    "    step(fabric, None, None, args)\n\n\n"
                    "fabric = Fabric(accelerator=\"tpu\", strategy=XLAFSDPStrategy())\nfabric.launch(main, parse_args())\n")
    tree(tmp_path, {"cli.py": cli, "loop.py": loop, "train.py": train})
    assert found(tmp_path / "loop.py") == [(
        "LXF014", "error", "XLA's FSDP strategy does not support to clip gradients by value: `clip_val` raises "
        "NotImplementedError. Clip by norm with `max_norm` instead", 2, 44)]


def test_an_option_of_another_module_s_parser_that_may_be_none_stays_a_warning(tmp_path):
    cli = ("import argparse\n\n\ndef parse_args(argv=None):\n    parser = argparse.ArgumentParser()\n"
           "    parser.add_argument(\"--grad-clip\", type=float, default=1.0, nargs=\"?\")\n"
           "    return parser.parse_args(argv)\n")
    loop = ("def step(fabric, model, optimizer, args):\n"
            "    fabric.clip_gradients(model, optimizer, clip_val=args.grad_clip)\n")
    train = HEAD + ("from cli import parse_args\nfrom loop import step\n\n\ndef main(fabric, args):\n"
                    "    step(fabric, None, None, args)\n\n\n"
                    "fabric = Fabric(accelerator=\"tpu\", strategy=XLAFSDPStrategy())\nfabric.launch(main, parse_args())\n")
    tree(tmp_path, {"cli.py": cli, "loop.py": loop, "train.py": train})
    assert [f[:2] for f in found(tmp_path / "loop.py")] == [("LXF014", "warning")]


def test_a_classmethod_of_another_module_given_the_fabric_before_the_launch(tmp_path):
    info = ("class RunInfo:\n    def __init__(self, device):\n        self.device = device\n\n"
            "    @classmethod\n    def from_fabric(cls, fabric):\n        return cls(str(fabric.device))\n")
    train = HEAD + ("from info import RunInfo\n\n\ndef train(fabric, info):\n    print(info)\n\n\n"
                    "fabric = Fabric(accelerator=\"tpu\", strategy=XLAFSDPStrategy())\n"
                    "info = RunInfo.from_fabric(fabric)\nfabric.launch(train, info)\n")
    tree(tmp_path, {"info.py": info, "train.py": train})
    assert found(tmp_path / "train.py") == [(
        "LXF019", "error", "Accessing the XLA device before processes have spawned is not allowed: `fabric.device` "
        "runs in `RunInfo.from_fabric` (`info.py`, line 7), called here before `fabric.launch(train, info)` "
        "(line 12), in the parent process, so XLAFSDPStrategy raises RuntimeError. Call `RunInfo.from_fabric` "
        "inside the launched function", 11, 7)]


def test_a_classmethod_built_inside_the_launched_function_is_silent(tmp_path):
    info = ("class RunInfo:\n    def __init__(self, device):\n        self.device = device\n\n"
            "    @classmethod\n    def from_fabric(cls, fabric):\n        return cls(str(fabric.device))\n")
    train = HEAD + ("from info import RunInfo\n\n\ndef train(fabric):\n    print(RunInfo.from_fabric(fabric))\n\n\n"
                    "fabric = Fabric(accelerator=\"tpu\", strategy=XLAFSDPStrategy())\nfabric.launch(train)\n")
    tree(tmp_path, {"info.py": info, "train.py": train})
    assert found(tmp_path / "train.py") == []


SETUP = """\
import torch


def prepare(fabric, model, lr=3e-4):
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
    return model, optimizer
"""
LOOP = """\
def fit(fabric, model, optimizer):
    model = fabric.setup_module(model)
    return model
"""
GUARDED = """\
from lightning.fabric.wrappers import is_wrapped


def fit(fabric, model, optimizer):
    if not is_wrapped(model):
        model = fabric.setup_module(model)
    return model
"""
MAIN = HEAD + """\
import torch

from loop import fit
from setup import prepare


def main(fabric):
    model, optimizer = prepare(fabric, torch.nn.Linear(2, 2))
    fit(fabric, model, optimizer)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
"""


def test_a_helper_of_another_module_returns_what_the_fabric_it_is_given_sets_up(tmp_path):
    tree(tmp_path, {"setup.py": SETUP, "loop.py": LOOP, "train.py": MAIN})
    assert found(tmp_path / "loop.py") == [(
        "LXF039", "error", "A model should be passed only once to the `setup_module` method: `model` is already "
        "the set-up model `fabric.setup_module(model)` returned (`setup.py`, line 5), so Fabric raises ValueError. "
        "Set it up once and keep using what that call returned", 2, 32)]


def test_a_loop_that_sets_up_only_what_is_not_wrapped_is_silent(tmp_path):
    tree(tmp_path, {"setup.py": SETUP, "loop.py": GUARDED, "train.py": MAIN})
    assert found(tmp_path / "loop.py") == []
