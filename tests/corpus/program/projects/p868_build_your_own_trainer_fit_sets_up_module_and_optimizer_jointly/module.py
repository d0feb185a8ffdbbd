"""The example's MNISTModule: a LightningModule-style classifier (hooks only, no Trainer needed)."""
import torch
import torch.nn.functional as F
from torch import nn


class MNISTModule(nn.Module):
    def __init__(self, lr: float = 1e-3) -> None:
        super().__init__()
        self.lr = lr
        self.model = nn.Sequential(
            nn.Flatten(),
            nn.Linear(16 * 16, 64),
            nn.ReLU(),
            nn.Linear(64, 10),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.model(x)

    def training_step(self, batch, batch_idx: int) -> dict:
        x, y = batch
        logits = self(x)
        loss = F.cross_entropy(logits, y)
        return {"loss": loss, "accuracy": (logits.argmax(-1) == y).float().mean()}

    def validation_step(self, batch, batch_idx: int) -> dict:
        x, y = batch
        logits = self(x)
        return {"val_loss": F.cross_entropy(logits, y), "val_accuracy": (logits.argmax(-1) == y).float().mean()}

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.lr)
