"""The keyword-spotting trainer: fit, checkpoint, resume."""
import os

import torch
import torch.nn.functional as F

from model import ConvBlock, KeywordNet
from utils.checkpoint import model_state, progress_state, sampler_state


class Trainer:
    def __init__(self, fabric, cfg, ckpt_dir: str):
        self.fabric = fabric
        self.cfg = cfg
        self.ckpt_dir = ckpt_dir
        self.model = fabric.setup_module(KeywordNet(cfg.n_mfcc, cfg.channels, cfg.n_keywords))
        self.optimizer = fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=cfg.lr))
        self.step = 0
        self.epoch = 0
        self.best_loss = float("inf")

    def _batch(self):
        gen = torch.Generator().manual_seed(self.cfg.seed * 1000 + self.step)
        mfcc = torch.randn(self.cfg.batch_size, self.cfg.n_mfcc, self.cfg.frames, generator=gen)
        labels = torch.randint(0, self.cfg.n_keywords, (self.cfg.batch_size,), generator=gen)
        return mfcc.to(self.fabric.device), labels.to(self.fabric.device)

    def fit(self):
        self.model.train()
        for _ in range(self.cfg.steps):
            mfcc, labels = self._batch()
            loss = F.cross_entropy(self.model(mfcc), labels)
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.step += 1
            self.best_loss = min(self.best_loss, loss.item())
        self.epoch += 1

    def save_checkpoint(self, name: str) -> str:
        path = os.path.join(self.ckpt_dir, name)
        state = {
            **model_state(self.model, self.optimizer),
            **progress_state(self.step, self.best_loss),
        }
        self.fabric.save(path, state)
        return path

    def resume(self, path: str) -> None:
        state = {
            **model_state(self.model, self.optimizer),
            **progress_state(self.step, self.best_loss),
            **sampler_state(self.epoch, self.cfg.seed),
        }
        self.fabric.load(path, state)
        self.step, self.best_loss = state["step"], state["best_loss"]
        self.epoch = state["sampler"]["epoch"]
