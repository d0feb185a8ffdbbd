import torch


class Trainer:
    def __init__(self, fabric, cfg):
        self.fabric = fabric
        self.cfg = cfg

    def fit(self, model):
        model = self.fabric.setup_module(model)
        optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=self.cfg.lr))
        for _ in range(self.cfg.steps):
            loss = model(torch.randn(4, 8, device=self.fabric.device)).sum()
            self.fabric.backward(loss)
            self.fabric.clip_gradients(model, optimizer, max_norm=self.cfg.grad_clip)
            optimizer.step()
            optimizer.zero_grad()
