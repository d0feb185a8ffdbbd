"""The trainer skeleton: subclasses register under a name and fill in `configure_strategy`."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import MaskEstimator


class BaseTrainer:
    registry = {}

    def __init_subclass__(cls, kind=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if kind is not None:
            BaseTrainer.registry[kind] = cls

    # ---- hooks -----------------------------------------------------------------------------------------------
    @classmethod
    def configure_strategy(cls, cfg):
        return "auto"

    @classmethod
    def build_fabric(cls, cfg):
        hw = cfg.get("hardware", {})
        return Fabric(
            accelerator=hw.get("accelerator", "auto"),
            devices=hw.get("devices", "auto"),
            precision=hw.get("precision", "32-true"),
            strategy=cls.configure_strategy(cfg),
        )

    def on_step_end(self, step, loss):
        if step % self.cfg["loop"]["log_every"] == 0:
            self.fabric.print(f"step {step}: mask loss {loss.item():.4f}")

    # ---- loop ------------------------------------------------------------------------------------------------
    def __init__(self, fabric, cfg):
        self.fabric = fabric
        self.cfg = cfg
        m = cfg["model"]
        self.model = fabric.setup_module(MaskEstimator(m["n_freq"], m["hidden"], m["depth"]))
        o = cfg["optim"]
        self.optimizer = fabric.setup_optimizers(
            torch.optim.AdamW(self.model.parameters(), lr=o["lr"], weight_decay=o["weight_decay"])
        )
        self.generator = torch.Generator().manual_seed(cfg["data"]["seed"])

    def batch(self):
        d, n_freq = self.cfg["data"], self.cfg["model"]["n_freq"]
        clean = torch.rand(d["batch_size"], d["frames"], n_freq, generator=self.generator)
        noisy = clean + d["noise_std"] * torch.rand(clean.shape, generator=self.generator)
        return self.fabric.to_device((noisy, clean))

    def train(self):
        self.model.train()
        for step in range(self.cfg["loop"]["steps"]):
            noisy, clean = self.batch()
            loss = F.l1_loss(self.model(noisy) * noisy, clean)
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.on_step_end(step, loss)


def fit(fabric, trainer_cls, cfg):
    trainer_cls(fabric, cfg).train()
