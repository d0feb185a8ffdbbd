import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import EnhancerClassifier


class BaseTrainer:
    @classmethod
    def configure_strategy(cls, cfg):
        return "auto"

    @classmethod
    def build_fabric(cls, cfg):
        return Fabric(
            accelerator=cfg.hardware.accelerator,
            precision=cfg.hardware.precision,
            strategy=cls.configure_strategy(cfg),
        )

    def __init__(self, fabric, cfg):
        self.fabric, self.cfg = fabric, cfg
        m = cfg.model
        self.model = fabric.setup_module(EnhancerClassifier(m.window, m.hidden, m.depth))
        self.optimizer = fabric.setup_optimizers(torch.optim.Adam(self.model.parameters(), lr=cfg.optim.lr))

    def before_optimizer_step(self):
        """Hook: runs between backward and the optimizer step."""

    def batch(self, g):
        seq = torch.randint(0, 4, (self.cfg.batch_size, self.cfg.model.window), generator=g)
        onehot = F.one_hot(seq, 4).float()
        label = (seq == 2).float().mean(dim=1).gt(0.25).long()  # GC-rich windows
        return self.fabric.to_device((onehot, label))

    def fit(self):
        g = torch.Generator().manual_seed(8)
        for step in range(self.cfg.steps):
            x, y = self.batch(g)
            loss = F.cross_entropy(self.model(x), y)
            self.fabric.backward(loss)
            self.before_optimizer_step()
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.fabric.print(f"step {step}: loss {loss.item():.4f}")
