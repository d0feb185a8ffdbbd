"""The commands the CLI dispatches to, by function name: `python cli.py pretrain|finetune [out_dir]`."""
import os
import tempfile

import torch

from loop import Loop
from model import Net


class PretrainLoop(Loop):
    def __init__(self, *args, save_to, **kwargs):
        super().__init__(*args, **kwargs)
        self.save_to = save_to

    def on_end(self):
        self.fabric.save(self.save_to, {"model": self.model, "optimizer": self.optimizer, "step": self.step})


class FinetuneLoop(Loop):
    def __init__(self, *args, resume_from, **kwargs):
        super().__init__(*args, **kwargs)
        self.resume_from = resume_from

    def on_start(self):
        # only the weights: the finetune optimizer starts fresh
        self.fabric.load(self.resume_from, {"model": self.model})


def _build(fabric, lr):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=lr))
    return model, optimizer


def pretrain(fabric, out_dir=None):
    out_dir = out_dir or tempfile.mkdtemp()
    model, optimizer = _build(fabric, lr=0.1)
    PretrainLoop(fabric, model, optimizer, save_to=os.path.join(out_dir, "pretrained")).run()
    return os.path.join(out_dir, "pretrained")


def finetune(fabric, out_dir=None):
    ckpt = pretrain(fabric, out_dir)
    model, optimizer = _build(fabric, lr=0.01)
    FinetuneLoop(fabric, model, optimizer, resume_from=ckpt).run()
