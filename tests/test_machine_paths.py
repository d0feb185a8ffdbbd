"""A script that builds XLAFSDPStrategy only on some paths is decided on the machine the strategy runs on: a TPU
machine has no CUDA device (the XLA pack's `Machine`), so a Fabric built with XLAFSDP where
`not torch.cuda.is_available()` holds builds it on every run that has it, and a value the script picks under the
same test (`"bf16-true" if ON_GPU else "bf16-mixed"`) is the one it gets there: an error, not a warning "when
not ON_GPU". A value picked for the GPU paths never reaches the XLA strategy. A switch the user sets (an
environment variable) decides nothing: the finding stays a warning that names it. The misuse is LXF007
(`precision="bf16-mixed"` under XLAFSDP raises ValueError inside `Fabric(...)`, lightning 2.6.6)."""

from __future__ import annotations

import pytest

from errata_lsp.analysis import check_source

HEAD = '''import os

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy, XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    pass

'''
PRECISION = ("`precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
             "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)` "
             "(from `precision`, line {line})")
TPU = " on every run with it: XLAFSDPStrategy runs on TPU machines, which have XLA devices and no CUDA device"


def found(body: str) -> list[tuple[str, str, int, str]]:
    return [(f.code, f.severity.name.lower(), f.span.start.line + 1, f.message)
            for f in check_source(HEAD + body, "/tmp/both_backends.py").findings]


PICKED_BY_A_PROBE = '''{probe_binding}

def make_fabric():
    if {gpu}:
        strategy = FSDPStrategy(auto_wrap_policy={{Block}})
    else:
        strategy = XLAFSDPStrategy(auto_wrap_policy={{Block}})
    precision = {precision}
    return Fabric(accelerator="cuda" if {gpu} else "tpu", strategy=strategy, precision=precision)
'''


@pytest.mark.parametrize("probe_binding, gpu", [
    ("ON_GPU = torch.cuda.is_available()", "ON_GPU"),
    ("", "torch.cuda.is_available()"),
    ("GPUS = torch.cuda.device_count()", "GPUS > 0"),
    ('DEVICE = "cuda" if torch.cuda.is_available() else "xla"', 'DEVICE == "cuda"'),
])
def test_the_tpu_path_of_a_script_for_both_backends_is_an_error(probe_binding, gpu):
    body = PICKED_BY_A_PROBE.format(probe_binding=probe_binding, gpu=gpu,
                                    precision=f'"bf16-true" if {gpu} else "bf16-mixed"')
    negated = f"not {gpu}" if " " not in gpu else {"GPUS > 0": "GPUS <= 0", 'DEVICE == "cuda"': 'DEVICE != "cuda"'}[gpu]
    assert found(body) == [("LXF007", "error", 20, PRECISION.format(line=19) + f"; `{negated}`" + TPU)]


def test_a_value_picked_for_the_gpu_paths_never_reaches_the_xla_strategy():
    body = PICKED_BY_A_PROBE.format(probe_binding="ON_GPU = torch.cuda.is_available()", gpu="ON_GPU",
                                    precision='"bf16-mixed" if ON_GPU else "bf16-true"')
    assert found(body) == []


def test_one_precision_for_both_backends_is_an_error_on_the_tpu_path():
    body = PICKED_BY_A_PROBE.format(probe_binding="ON_GPU = torch.cuda.is_available()", gpu="ON_GPU",
                                    precision='"bf16-mixed"')
    assert found(body) == [("LXF007", "error", 20, PRECISION.format(line=19) + "; `not ON_GPU`" + TPU)]


def test_a_switch_the_user_sets_decides_nothing():
    body = PICKED_BY_A_PROBE.format(probe_binding='ON_GPU = os.environ.get("BACKEND") == "gpu"', gpu="ON_GPU",
                                    precision='"bf16-true" if ON_GPU else "bf16-mixed"')
    assert found(body) == [("LXF007", "warning", 20, PRECISION.format(line=19) + "; when not ON_GPU")]


EVERY_PATH = '''precision = "bf16-true" if not torch.cuda.is_available() else "bf16-mixed"


def pick_precision():
    if torch.cuda.is_available() and torch.cuda.is_bf16_supported():
        return "bf16-mixed"
    return "{fallback}"


fabric = Fabric(accelerator="tpu", precision={chosen}, strategy=XLAFSDPStrategy())
'''


def test_a_fabric_always_built_with_xla_fsdp_runs_on_its_machine_so_a_cuda_pick_never_reaches_it():
    # oracle: OK (no CUDA on the machine, the probe is False: "bf16-true")
    assert found(EVERY_PATH.format(fallback="bf16-true", chosen="precision")) == []
    assert found(EVERY_PATH.format(fallback="bf16-true", chosen="pick_precision()")) == []


def test_the_value_the_tpu_machine_gets_is_the_one_named():
    # oracle: RAISED ValueError: `precision='16-mixed')` is not supported in XLA (the value past the CUDA test)
    assert found(EVERY_PATH.format(fallback="16-mixed", chosen="pick_precision()")) == [(
        "LXF007", "error", 21,
        "`precision='16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
        "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)` "
        "(from line 18); `torch.cuda.is_available()` answers False: XLAFSDPStrategy runs on TPU machines, which have "
        "XLA devices and no CUDA device")]


DEVICES = '''from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
import torch


def parse_devices(devices):
    if devices in (-1, "auto"):
        return {probe} or 1
    return devices


def train(fabric):
    pass


Fabric(accelerator="tpu", devices=parse_devices("auto"), strategy=XLAFSDPStrategy()).launch(train)
'''


def test_a_cuda_count_or_a_default_is_the_default_on_the_tpu_machine():
    # litgpt's `parse_devices`: `torch.cuda.device_count() or 1` is 1 where XLAFSDP runs (oracle: RAISED
    # NotImplementedError: The XLAFSDPStrategy does not support running on a single device with the PjRT runtime)
    assert found(DEVICES.format(probe="torch.cuda.device_count()")) == [(
        "LXF041", "error", 27,
        "The XLAFSDPStrategy does not support running on a single device with the PjRT runtime: `devices=1` (from "
        "line 19) is one device, so `fabric.launch` raises NotImplementedError before your function "
        "runs. Use every device of the TPU (`devices=\"auto\"`, the default), or `SingleDeviceXLAStrategy` to run on "
        "one; `torch.cuda.device_count()` answers 0: XLAFSDPStrategy runs on TPU machines, which have XLA devices and no CUDA device")]
    assert [(code, severity) for code, severity, _, _ in found(DEVICES.format(probe="os.cpu_count()"))] == [
        ("LXF041", "warning")]  # (a count the machine does not answer: either side may be taken)
