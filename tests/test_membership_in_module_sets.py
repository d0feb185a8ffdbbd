"""A helper's test of membership in a module-level set or tuple of constants (`cfg.parallelism in SHARDED`),
decided for what its caller passes (a dataclass's default): the branch the run takes is known, so its strategy
is an error when it cannot run on a TPU and nothing when it can. The findings are exact."""

from __future__ import annotations

from errata_lsp.analysis import check_source

SCRIPT = """\
from dataclasses import dataclass

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

SHARDED = {sharded}


@dataclass
class RunConfig:
    accelerator: str = "tpu"
    parallelism: str = "{mode}"


def make_strategy(cfg):
    if cfg.parallelism {op} SHARDED:
        return XLAFSDPStrategy()
    return "ddp"


def main(cfg):
    return Fabric(accelerator=cfg.accelerator, strategy=make_strategy(cfg))


if __name__ == "__main__":
    main(RunConfig())
"""
NOT_XLA = ("The TPU accelerator runs only under Lightning's XLA strategies, so `Fabric(...)` raises ValueError: The "
           "`XLAAccelerator` can only be used with a `SingleDeviceXLAStrategy`, `XLAStrategy`, or `XLAFSDPStrategy`. "
           "Use `strategy=\"xla\"` for data parallel on TPU cores (from line 18)")


def shown(mode: str, sharded: str = '{"fsdp", "full_shard"}', op: str = "in") -> list[tuple[str, str, str, int, int]]:
    text = SCRIPT.replace("{sharded}", sharded).replace("{mode}", mode).replace("{op}", op)
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column)
            for f in check_source(text).findings]


def test_a_mode_missing_from_the_module_set_takes_the_ddp_branch():
    assert shown("full-shard") == [("LXF033", "error", NOT_XLA, 22, 56)]


def test_a_mode_in_the_module_set_takes_the_xla_fsdp_branch():
    assert shown("full_shard") == []


def test_a_module_tuple_and_not_in_are_decided_too():
    assert shown("fsdp", sharded='("fsdp", "zero3")', op="not in") == [("LXF033", "error", NOT_XLA, 22, 56)]


def test_a_set_the_module_binds_under_a_condition_is_not_read():
    # `SHARDED` rebound when a variable is set: which display the test reads is not known, nor the branch
    text = SCRIPT.replace("{sharded}", '{"fsdp"}\nif __import__("os").environ.get("WIDE"):\n    SHARDED = {"full-shard"}')
    found = check_source(text.replace("{mode}", "full-shard").replace("{op}", "in")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1) for f in found] == [("LXF033", "warning", 24)]


ENUM = """\
import enum
from dataclasses import dataclass

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Clip(enum.Enum):
    OFF = "off"
    NORM = "norm"
    VALUE = "value"


@dataclass(frozen=True)
class Config:
    clip: Clip = Clip.{mode}


def clip(fabric, model, optimizer, mode):
    kwargs = {"max_norm": 1.0} if mode in (Clip.NORM, Clip.VALUE) else {}
    return fabric.clip_gradients(model, optimizer, **kwargs)


def train(fabric, cfg):
    model = fabric.setup_module(None)
    clip(fabric, model, None, cfg.clip)


Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train, Config())
"""
NEITHER = "You have to specify either `clip_val` or `max_norm` to do gradient clipping: neither is set"


def test_an_enum_member_outside_a_display_of_members_takes_the_empty_branch():
    found = check_source(ENUM.replace("{mode}", "OFF")).findings
    assert [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column) for f in found] == [
        ("LXF015", "error", 21, 11)]
    assert found[0].message.startswith(NEITHER)


def test_an_enum_member_in_a_display_of_members_takes_the_clipping_branch():
    assert check_source(ENUM.replace("{mode}", "VALUE")).findings == []
