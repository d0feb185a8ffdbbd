"""A test comparing two members of the project's Enum (`cfg.precision is not Mode.FP32`, `==`, `!=`, `is`) is decided
as Python decides it: a member is itself (and the alias a second name with its value makes), never another member.
A helper that builds the precision plugin only for a downcasting mode then gives `Fabric(plugins=...)` a second
precision beside the strategy's (LXF043) when the config's mode downcasts, and none when it is full precision."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''\
import enum
from dataclasses import dataclass

from lightning.fabric import Fabric
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy


class Mode(enum.Enum):
    FP32 = "32-true"
    BF16 = "bf16-true"
    FULL = "32-true"


@dataclass(frozen=True)
class RunConfig:
    precision: Mode = Mode.{default}


def build_plugins(cfg):
{body}


def train(fabric):
    pass


cfg = RunConfig()
strategy = XLAFSDPStrategy(precision=XLAPrecision(cfg.precision.value))
fabric = Fabric(accelerator="tpu", strategy=strategy, plugins=build_plugins(cfg))
fabric.launch(train)
'''
MESSAGE = ("precision set through both strategy class and plugins, choose one: `Fabric(...)` raises ValueError because "
           "the strategy already has `XLAPrecision(cfg.precision.value)` and `plugins=` gives "
           "`XLAPrecision(cfg.precision.value)`")
BODIES = [
    "    return [XLAPrecision(cfg.precision.value)] if cfg.precision is not Mode.FP32 else []",
    "    return [XLAPrecision(cfg.precision.value)] if cfg.precision != Mode.FP32 else []",
    "    return [] if cfg.precision == Mode.FP32 else [XLAPrecision(cfg.precision.value)]",
    "    if cfg.precision is Mode.FP32:\n        return []\n    return [XLAPrecision(cfg.precision.value)]",
]


def found(default: str, body: str) -> list[tuple[str, str, int, str]]:
    text = SCRIPT.format(default=default, body=body)
    return [(f.code, f.severity.value, f.span.start.line + 1, f.message) for f in check_source(text, "train.py").findings]


@pytest.mark.parametrize("body", BODIES)
def test_a_downcasting_member_is_not_the_full_precision_one(body):
    assert found("BF16", body) == [("LXF043", "error", 30 + body.count("\n"), MESSAGE)]  # the Fabric's line


@pytest.mark.parametrize("default", ["FP32", "FULL"])  # (FULL: an alias of FP32, the same member)
@pytest.mark.parametrize("body", BODIES)
def test_the_full_precision_member_is_itself_or_its_alias(default, body):
    assert found(default, body) == []
