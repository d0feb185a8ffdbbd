"""A litgpt-style trainer: `fit()` runs the steps, evaluates, saves, and `resume()` reloads."""
import torch
import torch.nn.functional as F

import paths
from model import Net


class Trainer:
    def __init__(self, fabric, out_dir="out", max_iters=2, lr=6e-4):
        self.fabric = fabric
        self.out_dir = out_dir
        self.max_iters = max_iters
        self.lr = lr
        self.iter_num = 0
        self.best_val_loss = float("inf")

    def setup(self):
        self.model = self.fabric.setup_module(Net())
        self.optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=self.lr))

    def state(self):
        return {"model": self.model, "optimizer": self.optimizer, "iter_num": self.iter_num}

    def resume_state(self):
        return {**self.state(), "best_val_loss": self.best_val_loss}

    def save(self):
        path = paths.checkpoint_dir(self.out_dir, self.iter_num)
        self.fabric.save(path, self.state())
        return path

    def resume(self):
        path = paths.latest(self.out_dir)
        if path is None:
            return
        state = self.resume_state()
        self.fabric.load(path, state)
        self.iter_num, self.best_val_loss = state["iter_num"], state["best_val_loss"]
        self.fabric.print(f"resumed from {path} at iter {self.iter_num}")

    def _step(self):
        x = torch.randn(8, 32, device=self.fabric.device)
        loss = F.cross_entropy(self.model(x), torch.randint(0, 4, (8,), device=self.fabric.device))
        self.fabric.backward(loss)
        self.optimizer.step()
        self.optimizer.zero_grad()
        self.iter_num += 1

    @torch.no_grad()
    def _validate(self):
        x = torch.randn(8, 32, device=self.fabric.device)
        val_loss = F.cross_entropy(self.model(x), torch.randint(0, 4, (8,), device=self.fabric.device))
        self.best_val_loss = min(self.best_val_loss, val_loss.item())

    def fit(self):
        self.setup()
        self.resume()
        while self.iter_num < self.max_iters:
            self._step()
        self._validate()
        self.save()
