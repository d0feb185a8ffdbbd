"""A test at a module's top level (its `__main__` block) on an attribute of a settings object bound there once
(`strategy = XLAFSDPStrategy() if cfg.accelerator == "tpu" else "ddp"`, `cfg = RunConfig(...)`) is decided by
what the object holds, as the same test in a function is: the strategy is known, and the precision clash is an
error, not a warning on some paths."""

from __future__ import annotations

from errata_lsp.analysis import check_source

HEAD = '''\
import os
from dataclasses import dataclass

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


@dataclass(frozen=True)
class RunConfig:
    name: str
    accelerator: str
    precision: str


def train(fabric):
    pass


'''
IFEXP = '''
strategy = XLAFSDPStrategy() if cfg.accelerator == "tpu" else "ddp"
Fabric(accelerator=cfg.accelerator, precision=cfg.precision, strategy=strategy).launch(train)
'''
IF = '''
if cfg.accelerator == "tpu":
    strategy = XLAFSDPStrategy()
else:
    strategy = "ddp"
Fabric(accelerator=cfg.accelerator, precision=cfg.precision, strategy=strategy).launch(train)
'''
MESSAGE = ("`precision='16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', "
           "'bf16-true'). Fabric raises ValueError here: with XLAFSDPStrategy the flag becomes `XLAPrecision(...)`")


def found(source: str) -> list[tuple[str, str, str]]:
    return [(f.code, f.severity.value, f.message) for f in check_source(source, None).findings]


def test_a_test_on_a_settings_object_built_at_the_top_level_is_decided():
    bound = 'cfg = RunConfig("pod", "tpu", "16-mixed")\n'
    expected = [("LXF007", "error", MESSAGE + " (from `RunConfig.precision`, line 19)")]
    assert found(HEAD + bound + IFEXP) == expected
    assert found(HEAD + bound + IF) == expected
    keywords = 'cfg = RunConfig(name="pod", accelerator="tpu", precision="16-mixed")\n'
    assert found(HEAD + keywords + IFEXP) == expected


def test_a_test_on_a_table_s_entry_and_on_an_environment_default_s_preset_is_decided():
    table = ('CONFIGS = {c.name: c for c in [RunConfig("pod", "tpu", "16-mixed"), RunConfig("gpu", "cuda", "16-mixed")]}\n')
    entry = found(HEAD + table + 'cfg = CONFIGS["pod"]\n' + IFEXP)
    assert [(code, severity) for code, severity, _ in entry] == [("LXF007", "error")]
    picked = found(HEAD + table + 'cfg = CONFIGS[os.environ.get("RUN", "pod")]\n' + IFEXP)
    assert [(code, severity) for code, severity, _ in picked] == [("LXF007", "error")]


def test_the_other_preset_is_silent():
    assert found(HEAD + 'cfg = RunConfig("gpu", "cuda", "16-mixed")\n' + IFEXP) == []


def test_a_settings_object_bound_under_a_test_or_read_whole_leaves_the_test_open():
    branches = 'if os.environ.get("GPU"):\n    cfg = RunConfig("gpu", "cuda", "16-mixed")\nelse:\n    cfg = RunConfig("pod", "tpu", "16-mixed")\n'
    assert [(code, severity) for code, severity, _ in found(HEAD + branches + IFEXP)][:1] == [("LXF007", "warning")]
    whole = 'cfg = RunConfig("pod", "tpu", "16-mixed")\n' + IFEXP.replace('cfg.accelerator == "tpu"', 'cfg == RunConfig("pod", "tpu", "16-mixed")')
    assert [(code, severity) for code, severity, _ in found(HEAD + whole)][:1] == [("LXF007", "warning")]


# --- a name of the top level bound to a test the option's default decides ---------------------------------
OPTION = '''\
import argparse

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def train(fabric, model, optimizer):
    fabric.clip_gradients(model, optimizer, clip_val=0.5)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="{default}")
    args = parser.parse_args()
    on_xla = args.strategy == "xla_fsdp"
    both = on_xla and args.strategy != "ddp"
    strategy = XLAFSDPStrategy() if {test} else "ddp"
    Fabric(accelerator="tpu" if on_xla else "cuda", strategy=strategy).launch(train)
'''


def test_a_name_bound_to_a_test_of_an_option_is_decided_by_the_option_s_default():
    clip = [("LXF014", "error", "XLA's FSDP strategy does not support to clip gradients by value: `clip_val` "
                                "raises NotImplementedError. Clip by norm with `max_norm` instead")]
    assert found(OPTION.format(default="xla_fsdp", test="on_xla")) == clip
    assert found(OPTION.format(default="xla_fsdp", test="both")) == clip  # a name bound to a test of such a name
    assert found(OPTION.format(default="ddp", test="on_xla")) == []
    assert found(OPTION.format(default="ddp", test="on_xla or both")) == []
