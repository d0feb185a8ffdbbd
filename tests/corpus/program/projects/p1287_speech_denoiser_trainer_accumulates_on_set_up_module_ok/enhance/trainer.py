"""A minimal trainer around Fabric: gradient accumulation, norm clipping and a running log."""
import torch

from enhance.data import noisy_batch, si_snr
from enhance.model import Denoiser


class Trainer:
    def __init__(self, fabric, cfg):
        self.fabric = fabric
        self.cfg = cfg
        self.model = Denoiser(cfg.filters, cfg.kernel, cfg.blocks)
        self.module = fabric.setup_module(self.model)
        self.optimizer = fabric.setup_optimizers(torch.optim.Adam(self.module.parameters(), lr=cfg.lr))
        self.generator = torch.Generator().manual_seed(cfg.seed + fabric.global_rank)
        self.history = []

    def micro_step(self, accumulating):
        noisy, clean = self.fabric.to_device(noisy_batch(self.cfg.micro_batch, generator=self.generator))
        with self.fabric.no_backward_sync(self.module, enabled=accumulating):
            estimate = self.module(noisy)[..., : clean.size(-1)]
            loss = -si_snr(estimate, clean).mean()
            self.fabric.backward(loss / self.cfg.accumulate)
        return loss.detach()

    def optimizer_step(self):
        losses = [self.micro_step(accumulating=i < self.cfg.accumulate - 1) for i in range(self.cfg.accumulate)]
        self.fabric.clip_gradients(self.module, self.optimizer, max_norm=self.cfg.max_norm)
        self.optimizer.step()
        self.optimizer.zero_grad()
        return torch.stack(losses).mean()

    def fit(self):
        for step in range(self.cfg.steps):
            loss = self.optimizer_step()
            self.history.append(-loss.item())
            self.fabric.print(f"step {step}: SI-SNR {self.history[-1]:.2f} dB")
        return self.history
