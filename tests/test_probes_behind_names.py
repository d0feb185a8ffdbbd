"""A machine probe behind a name (the PyTorch MNIST example's `use_accel = not args.no_accel and
torch.cuda.is_available()`, then `"tpu" if use_accel else "cpu"`): the parts the flow decides (an option's default)
are folded away and what is left, the probe, is answered by the machine XLAFSDPStrategy runs on, a TPU host: no
CUDA device, XLA devices (`XLAAccelerator.is_available()`)."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree

SCRIPT = '''\
import argparse

import torch
from lightning.fabric import Fabric
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.accelerators.xla import XLAAccelerator as XLA
from lightning.fabric.strategies import XLAFSDPStrategy


def pick_accelerator(args):
    use_accel = USE
    return "tpu" if use_accel else "cpu"


def train(fabric):
    pass


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-accel", action="store_true")
    args = parser.parse_args()
    fabric = Fabric(accelerator=pick_accelerator(args), strategy=XLAFSDPStrategy())
    fabric.launch(train)
'''

CPU = ("XLAFSDPStrategy runs on the XLA device, not on the CPU: with `devices` left to \"auto\" the CPU accelerator gives "
       "one device, so `fabric.launch` fails with `NotImplementedError: The XLAFSDPStrategy does not support running on "
       "a single device with the PjRT runtime` before your function runs. Use `accelerator=\"tpu\"` (or \"auto\" on a TPU "
       "VM), or a CPU strategy such as \"ddp\" to debug on CPU; ")


def found(tmp_path, use: str) -> list[tuple[str, str, int, int, str]]:
    path = tree(tmp_path, {"train.py": SCRIPT.replace("USE", use)}) / "train.py"
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column, f.message)
            for f in check_source(path.read_text(), str(path)).findings]


@pytest.mark.parametrize("use", ["not args.no_accel and torch.cuda.is_available()", "torch.cuda.is_available()",
                                 "torch.cuda.is_available() and not args.no_accel"])
def test_a_cuda_probe_behind_a_name_is_false_on_the_tpu_machine(tmp_path, use):
    assert found(tmp_path, use) == [("LXF010", "error", 23, 32, CPU + (
        "`torch.cuda.is_available()` answers False: XLAFSDPStrategy runs on TPU machines, which have XLA devices and "
        "no CUDA device"))]


@pytest.mark.parametrize("use", ["not args.no_accel and XLAAccelerator.is_available()", "XLA.is_available()"])
def test_an_xla_probe_behind_a_name_is_true_on_the_tpu_machine(tmp_path, use):
    assert found(tmp_path, use) == []


def test_a_part_the_flow_cannot_decide_leaves_a_warning(tmp_path):
    # what the user types in is no machine's answer: the CPU path stays one of two
    assert found(tmp_path, 'input() == "y" and XLAAccelerator.is_available()') == [
        ("LXF010", "warning", 23, 32, CPU + "when not use_accel")]
