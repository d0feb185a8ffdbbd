"""Errors `Fabric(...)` raises in its constructor for a TPU user's strategy or accelerator: a DDP strategy
with the TPU accelerator (LXF033), a strategy or accelerator name Lightning does not have (LXF034,
LXF035), the single-core XLA strategy asked for by name (XLA004). Each record's `before` script in
`tests/kb_cases/` raised its error when run with lightning 2.6.6 and its `after` script ran
(labels.tsv); positions are 1-based `line:column`."""

from __future__ import annotations

from pathlib import Path

import pytest

from errata_lsp.analysis import apply_fix, check_source

CASES = Path(__file__).parent / "kb_cases"


def findings(source: str) -> list[tuple[str, str, str, str, str]]:
    result = check_source(source, "train.py")
    assert not result.failures, result.failures[0].detail
    return [(f.code, f.record_id, f.severity.value,
             f"{f.span.start.line + 1}:{f.span.start.column + 1}-{f.span.end.line + 1}:{f.span.end.column + 1}", f.message)
            for f in result.findings]


XLA_ONLY = ("The TPU accelerator runs only under Lightning's XLA strategies, so `Fabric(...)` raises ValueError: The "
            "`XLAAccelerator` can only be used with a `SingleDeviceXLAStrategy`, `XLAStrategy`, or `XLAFSDPStrategy`. "
            "Use `strategy=\"xla\"` for data parallel on TPU cores")
STRATEGY_NAME = ("Lightning has no strategy named 'xla-fsdp', so `Fabric(...)` raises ValueError: You selected an invalid "
                 "strategy name. On TPUs: \"xla_fsdp\" or \"xla\" (for one core, leave `strategy` out and pass `devices=1`)")
ACCELERATOR_NAME = ("Lightning has no accelerator named 'xla', so `Fabric(...)` raises ValueError: You selected an invalid "
                    "accelerator name. The names are auto, gpu, cpu, cuda, mps and tpu (on a TPU VM: \"tpu\")")
SINGLE_XLA = ("Lightning registers 'single_xla' without the device SingleDeviceXLAStrategy needs, so `Fabric(...)` raises "
              "TypeError: SingleDeviceXLAStrategy.__init__() missing 1 required positional argument: 'device'. Leave "
              "`strategy` out and pass `devices=1`: Lightning then builds it on that core")


@pytest.mark.parametrize(("record", "found"), [
    ("8dfcffa4b9782faa", ("LXF033", "error", "43:49-43:54", XLA_ONLY)),
    ("02f0d616d182c759", ("LXF034", "error", "41:49-41:59", STRATEGY_NAME)),
    ("46865fa62b4d118e", ("LXF035", "error", "41:33-41:38", ACCELERATOR_NAME)),
    ("6ab40435bde04323", ("XLA004", "error", "42:60-42:72", SINGLE_XLA)),
])
def test_the_labelled_script_that_raised_gets_its_error_and_the_fix_is_the_script_that_ran(record, found):
    before = (CASES / f"{record}_before.py").read_text()
    code, severity, at, message = found
    assert findings(before) == [(code, record, severity, at, message)]
    (finding,) = check_source(before, "train.py").findings
    preferred = next(f for f in finding.fixes if f.preferred)
    after = (CASES / f"{record}_after.py").read_text()
    assert apply_fix(before, preferred.edits).split('"""', 2)[2] == after.split('"""', 2)[2]
    assert findings(after) == []


def test_a_ddp_strategy_object_or_a_single_device_one_with_the_tpu_accelerator_is_lxf033_fsdp_names_are_not():
    source = ("from lightning.fabric import Fabric\n"
              "from lightning.fabric.strategies import DDPStrategy, SingleDeviceStrategy, FSDPStrategy\n"
              "a = Fabric(accelerator='tpu', strategy=DDPStrategy(find_unused_parameters=True))\n"
              "b = Fabric(accelerator='tpu', devices=1, strategy=SingleDeviceStrategy(device='cpu'))\n"
              "c = Fabric(accelerator='tpu', strategy='DDP_NOTEBOOK')\n"
              "d = Fabric(accelerator='tpu', strategy='fsdp')\n"      # remapped to xla_fsdp: runs
              "e = Fabric(accelerator='tpu', strategy=FSDPStrategy())\n"  # FSDP008's error comes first
              "f = Fabric(accelerator='cuda', strategy='ddp')\n")
    assert [(code, at) for code, _, _, at, _ in findings(source)] == [
        ("LXF033", "3:40-3:80"), ("LXF033", "4:51-4:85"), ("LXF033", "5:40-5:54"), ("FSDP008", "7:24-7:29")]


def test_names_compare_as_fabric_compares_them_the_strategy_lowered_the_accelerator_as_written():
    source = ("from lightning.fabric import Fabric\n"
              "a = Fabric(strategy='XLA_FSDP', accelerator='TPU')\n"
              "b = Fabric(strategy='Single_XLA', accelerator='tpu', devices=1)\n")
    assert [(code, at) for code, _, _, at, _ in findings(source)] == [
        ("LXF035", "2:45-2:50"), ("XLA004", "3:21-3:33")]


def test_the_nearest_strategy_name_is_never_one_that_cannot_be_built():
    source = "from lightning.fabric import Fabric\nfabric = Fabric(strategy='single-xla', devices=1)\n"
    (finding,) = check_source(source, "train.py").findings
    assert finding.code == "LXF034" and finding.fixes == ()


def test_lxf033_needs_the_tpu_on_every_path_a_strategy_chosen_by_the_accelerator_is_not_flagged():
    source = ("import os\nfrom lightning.fabric import Fabric\n"
              "ACCELERATOR = os.environ.get('ACCELERATOR', 'tpu')\n"
              "strategy = 'xla' if ACCELERATOR == 'tpu' else 'ddp'\n"
              "a = Fabric(accelerator=ACCELERATOR, strategy=strategy)\n"   # corpus w165 runs this shape
              # the plain run's ACCELERATOR is its default, 'tpu': the test is decided, 'ddp' is another run's
              "b = Fabric(accelerator='tpu', strategy=strategy)\n"
              "other = 'xla' if os.environ.get('RUN_ON') == 'tpu' else 'ddp'\n"
              "c = Fabric(accelerator='tpu', strategy=other)\n")  # no default: both branches, 'ddp' a warning
    assert [(code, severity, at) for code, _, severity, at, _ in findings(source)] == [
        ("LXF033", "warning", "8:40-8:45")]
