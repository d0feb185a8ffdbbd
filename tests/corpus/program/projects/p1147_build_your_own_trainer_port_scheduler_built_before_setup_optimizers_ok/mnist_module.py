"""The example's MNISTModule, on synthetic 14x14 digits, as a plain nn.Module with the LightningModule hook names."""
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import TensorDataset


class Stage(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)

    def forward(self, x):
        return F.max_pool2d(F.relu(self.conv(x)), 2)


class MNISTModule(nn.Module):
    def __init__(self, num_classes: int = 10, lr: float = 1e-3):
        super().__init__()
        self.lr = lr
        self.features = nn.Sequential(Stage(1, 8), Stage(8, 16))
        self.classifier = nn.Linear(16 * 3 * 3, num_classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        return {"loss": F.cross_entropy(self(x), y)}

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.lr)


def synthetic_digits(n: int = 48, seed: int = 0) -> TensorDataset:
    gen = torch.Generator().manual_seed(seed)
    y = torch.randint(0, 10, (n,), generator=gen)
    x = torch.randn(n, 1, 14, 14, generator=gen) * 0.2
    x[torch.arange(n), 0, y, :] += 1.0
    return TensorDataset(x, y)
