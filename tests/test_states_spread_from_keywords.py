"""A checkpoint helper that saves the keywords it is given, `save_checkpoint(fabric, path, **objects)` with
`fabric.save(path, {**objects, "step": step})`: the state holds what each call passes, so two set-up models given
by one call are found (LXF024), reported where the call gives them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .test_helpers_elsewhere import tree

CKPT = '''\
def save_checkpoint(fabric, path, step, **objects):
    fabric.save(path, {**objects, "step": step})
'''

TRAIN = '''\
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from ckpt import save_checkpoint


def train(fabric):
    generator = fabric.setup_module(torch.nn.Linear(4, 4))
    critic = fabric.setup_module(torch.nn.Linear(4, 1))
{saves}


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
'''

TOGETHER = '    save_checkpoint(fabric, "ckpt/both", 1, generator=generator, critic=critic)'
APART = ('    save_checkpoint(fabric, "ckpt/generator", 1, generator=generator)\n'
         '    save_checkpoint(fabric, "ckpt/critic", 1, critic=critic)')


def checked(root: Path) -> list[tuple[str, str, str, int, int]]:
    done = subprocess.run([sys.executable, "-m", "errata_lsp", "check", "--no-cache", "--format", "json", str(root)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    return [(f["code"], f["severity"], Path(f["path"]).resolve().relative_to(root.resolve()).as_posix(), f["line"],
             f["column"]) for f in json.loads(done.stdout)]


def test_two_set_up_models_given_as_keywords_to_a_saving_helper(tmp_path):
    root = tree(tmp_path, {"ckpt.py": CKPT, "train.py": TRAIN.format(saves=TOGETHER)})
    # reported at `critic=critic` (line 11), the second model the call gives
    assert checked(root) == [("LXF024", "error", "train.py", 11, 66)]


@pytest.mark.parametrize("saves", [APART, '    save_checkpoint(fabric, "ckpt/g", 1, generator=generator, step_size=0.1)'])
def test_one_set_up_model_a_call_is_fine(tmp_path, saves):
    assert checked(tree(tmp_path, {"ckpt.py": CKPT, "train.py": TRAIN.format(saves=saves)})) == []
