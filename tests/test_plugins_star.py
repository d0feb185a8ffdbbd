"""`Fabric(plugins=list(plugins))` of a helper's `*plugins` holds the plugins each call of the helper gives: a
precision plugin there beside the strategy's own is given twice (LXF043), a torch checkpoint IO is the wrong one
(LXF009); a call that gives none builds no plugin."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

SCRIPT = '''\
from lightning.fabric import Fabric
from lightning.fabric.plugins import TorchCheckpointIO, XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy


def make_fabric(*plugins):
    strategy = XLAFSDPStrategy(precision=XLAPrecision("bf16-true"))
    return Fabric(accelerator="tpu", strategy=strategy, plugins={given})


def train(fabric):
    pass


make_fabric({passed}).launch(train)
'''
TWICE = ("precision set through both strategy class and plugins, choose one: `Fabric(...)` raises ValueError because "
         "the strategy already has `XLAPrecision(\"bf16-true\")` and `plugins=` gives `XLAPrecision(\"bf16-true\")`")


def found(given: str, passed: str) -> list[tuple[str, str, int, str]]:
    text = SCRIPT.format(given=given, passed=passed)
    return [(f.code, f.severity.value, f.span.start.line + 1, f.message) for f in check_source(text, "train.py").findings]


@pytest.mark.parametrize("given", ["list(plugins)", "list(plugins) or None", "tuple(plugins)"])
def test_the_precision_plugin_a_call_gives_is_a_second_precision(given):
    assert found(given, 'XLAPrecision("bf16-true")') == [("LXF043", "error", 8, TWICE)]


def test_the_torch_checkpoint_io_a_call_gives_is_the_wrong_one():
    assert [(code, severity) for code, severity, _, _ in found("list(plugins)", "TorchCheckpointIO()")] == [
        ("LXF009", "error")]


@pytest.mark.parametrize("given", ["list(plugins)", "list(plugins) or None"])
def test_a_call_that_gives_no_plugin(given):
    assert found(given, "") == []
