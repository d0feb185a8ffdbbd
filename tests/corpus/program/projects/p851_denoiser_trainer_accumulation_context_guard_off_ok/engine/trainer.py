"""A small trainer object: it keeps the model it was given and the one Fabric set up."""
import torch
import torch.nn.functional as F

from engine.accumulate import accumulation_context


class Trainer:
    def __init__(self, fabric, cfg):
        self.fabric = fabric
        self.cfg = cfg

    def noisy_batch(self):
        d = self.cfg.data
        clean = torch.rand(d.micro_batch, 1, d.image_size, d.image_size, device=self.fabric.device)
        return clean + d.noise_std * torch.randn_like(clean), clean

    def fit(self, model):
        self.model = model
        self.module = self.fabric.setup_module(model)
        optimizer = self.fabric.setup_optimizers(torch.optim.Adam(self.module.parameters(), lr=self.cfg.optim.lr))
        accum = self.cfg.optim.grad_accum
        for micro_step in range(self.cfg.micro_steps):
            boundary = (micro_step + 1) % accum == 0
            noisy, clean = self.noisy_batch()
            with accumulation_context(self.fabric, self.model, self.cfg.optim, boundary):
                loss = F.mse_loss(self.module(noisy), clean)
                self.fabric.backward(loss / accum)
            if boundary:
                self.fabric.clip_gradients(self.module, optimizer, max_norm=self.cfg.optim.max_norm)
                optimizer.step()
                optimizer.zero_grad()
                self.fabric.print(f"micro-step {micro_step}: mse {loss.item():.4f}")
