"""The arguments `fabric.launch` is to call the launched function with are evaluated in the parent process,
before the launch (`fabric.launch(train, make_batches(fabric))`): the XLA device read there raises as it does
on a line above the launch. Labels: the real library raises `RuntimeError: Accessing the XLA device before
processes have spawned is not allowed.` for both shapes; a called function argument (`launch(train())`) is
LXF017's, whose fix is not to call it."""

from __future__ import annotations

from errata_lsp.analysis import check_source

HEAD = """\
import torch
from torch import nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def make_batches(fabric, n=4):
    return [fabric.to_device(torch.randn(2, 4)) for _ in range(n)]


def train(fabric, batches):
    model = fabric.setup_module(nn.Linear(4, 1))
    for batch in batches:
        fabric.backward(model(batch).sum())


def train_on_worker_batches(fabric):
    train(fabric, make_batches(fabric))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
"""


def shown(body: str) -> list[tuple[str, str, str, int, int, int]]:
    return [(f.code, f.severity.value, f.message, f.span.start.line + 1, f.span.start.column, f.span.end.column)
            for f in check_source(HEAD + body).findings]


def test_a_helper_called_in_the_launch_s_arguments_runs_in_the_parent():
    assert shown("    fabric.launch(train, make_batches(fabric))\n") == [(
        "LXF019", "error",
        "Accessing the XLA device before processes have spawned is not allowed: `fabric.to_device` runs in "
        "`make_batches`, called at line 23 before `fabric.launch(train, make_batches(fabric))` (line 23), in the "
        "parent process, so XLAFSDPStrategy raises RuntimeError. Move it into the launched function", 8, 12, 28)]


def test_the_device_read_in_the_launch_s_arguments_runs_in_the_parent():
    assert shown("    fabric.launch(train, [torch.zeros(2, 4, device=fabric.device)])\n") == [(
        "LXF019", "error",
        "Accessing the XLA device before processes have spawned is not allowed: `fabric.device` runs before "
        "`fabric.launch(train, [torch.zeros(2, 4, device=fa…` (line 23), in the parent process, so XLAFSDPStrategy "
        "raises RuntimeError. Move it into the launched function", 23, 51, 64)]


def test_batches_made_in_the_worker_are_fine():
    assert shown("    fabric.launch(train_on_worker_batches)\n") == []


def test_a_called_function_argument_is_lxf017_s_alone():
    found = shown("    fabric.launch(make_batches(fabric))\n")
    assert [code for code, *_ in found] == ["LXF017"]
