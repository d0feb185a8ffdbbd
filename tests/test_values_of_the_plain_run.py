"""What the plain run (`python train.py`, no option) holds, in three shapes ports of public training code use:
`precision = precision or "bf16-true"` of a parameter whose callers give None (litgpt's `setup`), nanoGPT's unwrap
`raw_model = model.module if hasattr(model, "module") else model` of a set-up module, and a config module whose
attributes a loop over `sys.argv[1:]` may override with `setattr` (nanoGPT's configurator): no option given, the
loop runs no turn and the module's own values hold."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from errata_lsp.analysis import check_source

from .test_helpers_elsewhere import tree


def found(tmp_path: Path, text: str) -> list[tuple[str, str, int, int]]:
    path = tree(tmp_path, {"train.py": text}) / "train.py"
    return [(f.code, f.severity.value, f.span.start.line + 1, f.span.start.column)
            for f in check_source(path.read_text(), str(path)).findings]


SETUP = '''\
from typing import Optional

import lightning as L
from lightning.fabric.plugins import XLAPrecision
from lightning.fabric.strategies import XLAFSDPStrategy


def setup(precision: Optional[str] = None):
    precision = precision or "bf16-true"
    plugins = None
    if precision.endswith("-true"):
        plugins = XLAPrecision(precision)
    strategy = XLAFSDPStrategy(precision=XLAPrecision("bf16-true"))
    return L.Fabric(accelerator="tpu", strategy=strategy, plugins=plugins)


if __name__ == "__main__":
    {calls}
'''


@pytest.mark.parametrize("calls", ["setup()", "setup(None)", 'setup(precision="16-true")'])
def test_an_or_default_of_the_parameter_decides_the_branch(tmp_path, calls):
    # None or "bf16-true", and "16-true": both end with "-true", so `plugins=` gets a precision the strategy has
    assert found(tmp_path, SETUP.format(calls=calls)) == [("LXF043", "error", 14, 58)]


@pytest.mark.parametrize("calls", ['setup("bf16-mixed")', 'setup(precision="32")'])
def test_an_or_default_the_callers_override_takes_the_other_branch(tmp_path, calls):
    assert found(tmp_path, SETUP.format(calls=calls)) == []


def test_an_or_default_of_another_name_is_read_as_that_name(tmp_path):
    text = SETUP.replace('precision = precision or "bf16-true"', 'chosen = kind or "plugin"').replace(
        'if precision.endswith("-true"):', 'if chosen == "plugin":').replace(
        "XLAPrecision(precision)", 'XLAPrecision("bf16-true")').replace("precision: Optional[str] = None", "kind=None")
    assert found(tmp_path, text.format(calls="setup()")) == [("LXF043", "error", 14, 58)]
    assert found(tmp_path, text.format(calls='setup(kind="strategy")')) == []


UNWRAP = '''\
import tempfile

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def save_checkpoint(fabric, out_dir, model, optimizer, step):
    fabric.save(f"{out_dir}/ckpt-{step}", {"model": model, "optimizer": optimizer, "step": step})


def main(fabric):
    model = fabric.setup_module(torch.nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    raw_model = UNWRAP
    for step in range(3):
        if step > 0:
            save_checkpoint(fabric, tempfile.mkdtemp(), raw_model, optimizer, step)


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
'''


def test_the_unwrap_of_a_set_up_module_is_the_raw_module_the_save_cannot_find(tmp_path):
    # a set-up module has `.module` (the module it wraps): `hasattr` is true, the unwrap gives the raw module
    text = UNWRAP.replace("UNWRAP", 'model.module if hasattr(model, "module") else model')
    assert found(tmp_path, text) == [("LXF023", "error", 9, 52)]


@pytest.mark.parametrize("unwrap", ["model", 'model._orig_mod if hasattr(model, "_orig_mod") else model'])
def test_a_set_up_module_kept_or_an_unwrap_it_lacks_saves_fine(tmp_path, unwrap):
    # `_orig_mod` (torch.compile's) a set-up module lacks: `hasattr` is false, the set-up module stays
    assert found(tmp_path, UNWRAP.replace("UNWRAP", unwrap)) == []


CONFIG = '''\
from torch import nn

wrap = WRAP
max_iters = 2
'''

OVERRIDDEN = '''\
import sys

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config as C


def apply_overrides(argv):
    for arg in argv:
        key, _, value = arg.lstrip("-").partition("=")
        setattr(C, key, value)


def train(fabric):
    pass


def main():
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=C.wrap))
    fabric.launch(train)


if __name__ == "__main__":
    apply_overrides(ARGS)
    main()
'''


def checked(root: Path) -> list[tuple[str, str, str, int, int]]:
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", "--format", "json", str(root)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    return [(f["code"], f["severity"], Path(f["path"]).resolve().relative_to(root.resolve()).as_posix(), f["line"],
             f["column"]) for f in json.loads(done.stdout)]


def overridden(tmp_path: Path, wrap: str, args: str) -> list[tuple[str, str, str, int, int]]:
    return checked(tree(tmp_path, {"config.py": CONFIG.replace("WRAP", wrap),
                                   "train.py": OVERRIDDEN.replace("ARGS", args)}))


@pytest.mark.parametrize("args", ["sys.argv[1:]", "sys.argv"])
def test_overrides_from_the_command_line_leave_the_config_as_written_in_the_plain_run(tmp_path, args):
    assert overridden(tmp_path, "[nn.Linear]", args) == [("LXF028", "error", "config.py", 3, 8)]


def test_a_config_the_plain_run_leaves_right_has_no_finding(tmp_path):
    assert overridden(tmp_path, "{nn.Linear}", "sys.argv[1:]") == []


def test_overrides_from_anything_else_leave_the_attribute_unknown(tmp_path):
    # a loop over what the user types in: any attribute may be set, the list included
    assert overridden(tmp_path, "[nn.Linear]", "input().split()") == []
