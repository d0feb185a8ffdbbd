"""Fine-tunes the pretrained risk model on one bank's applications."""
import torch
import torch.nn.functional as F

from model import RiskMLP


class Finetuner:
    def __init__(self, fabric, cfg):
        self.fabric = fabric
        self.cfg = cfg
        self.model = RiskMLP(cfg.features, cfg.hidden)
        self.optimizer = None

    def setup(self):
        self.model = self.fabric.setup_module(self.model)
        self.optimizer = self.fabric.setup_optimizers(torch.optim.Adam(self.model.parameters(), lr=self.cfg.lr))

    def load_pretrained(self, path: str):
        self.fabric.load(path, {"model": self.model})

    def fit(self):
        gen = torch.Generator().manual_seed(0)
        for _ in range(self.cfg.steps):
            x = torch.randn(self.cfg.batch_size, self.cfg.features, generator=gen)
            y = (x[:, 0] + 0.5 * x[:, 1] > 0).float()
            loss = F.binary_cross_entropy_with_logits(self.model(x.to(self.fabric.device)), y.to(self.fabric.device))
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
        return loss.item()
