"""`check DIR` says a bug once: the caller's check reports a helper's raise at the call (`maybe_clip(...)`), the
helper's module's check at the argument that makes it raise (`clip_val=1.0`) on the same line; one finding of a
code on a line is kept, whichever file's check reached it first. Two calls on two lines, two findings."""

from __future__ import annotations

import json
import subprocess
import sys

STEPS = '''\
def maybe_clip(fabric, model, optimizer, max_norm=None, clip_val=None):
    if max_norm is None and clip_val is None:
        return
    fabric.clip_gradients(model, optimizer, max_norm=max_norm, clip_val=clip_val)
'''
TRAIN = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from steps import maybe_clip


def main(fabric):
    model = fabric.setup_module(nn.Linear(4, 4))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters()))
    fabric.backward(model(torch.randn(2, 4, device=fabric.device)).sum())
    maybe_clip(fabric, model, optimizer, clip_val=1.0)
{more}    optimizer.step()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(main)
'''


def reported(tmp_path, more: str = "") -> list[tuple[str, str, int]]:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    (tmp_path / "steps.py").write_text(STEPS)
    (tmp_path / "train.py").write_text(TRAIN.format(more=more))
    out = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", "--exit-zero", "--format", "json",
                          str(tmp_path)], capture_output=True, text=True, check=True).stdout
    return sorted((f["path"].rsplit("/", 1)[-1], f["code"], f["line"]) for f in json.loads(out))


def test_a_helper_s_raise_at_its_call_is_reported_once(tmp_path):
    assert reported(tmp_path) == [("train.py", "LXF014", 13)]


def test_two_calls_on_two_lines_are_two_findings(tmp_path):
    # (and the helper's own line: every call of it clips by value)
    assert reported(tmp_path, "    maybe_clip(fabric, model, optimizer, clip_val=2.0)\n") == [
        ("steps.py", "LXF014", 4), ("train.py", "LXF014", 13), ("train.py", "LXF014", 14)]
