# expect: LXF031
# oracle: RAISED RuntimeError: You are calling the method `TransactionAE.anomaly_score()` from outside the model. To avoid issues with the currently se
"""Card-fraud detection with an autoencoder trained on legitimate transactions only; after training, a
`ThresholdCalibrator` picks the alert threshold from the reconstruction errors of a held-out legitimate set."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

N_FEATURES = 30  # amount, hour, merchant-category embedding, 27 PCA components


class Coder(nn.Module):
    def __init__(self, dims):
        super().__init__()
        layers = []
        for a, b in zip(dims[:-1], dims[1:]):
            layers += [nn.Linear(a, b), nn.SiLU()]
        self.net = nn.Sequential(*layers[:-1])

    def forward(self, x):
        return self.net(x)


class TransactionAE(nn.Module):
    def __init__(self, bottleneck=6):
        super().__init__()
        self.encoder = Coder([N_FEATURES, 24, 12, bottleneck])
        self.decoder = Coder([bottleneck, 12, 24, N_FEATURES])

    def forward(self, x):
        return self.decoder(self.encoder(x))

    def anomaly_score(self, x):
        """Per-transaction reconstruction error."""
        return (self(x) - x).pow(2).mean(-1)


def transactions(n, fraud_rate=0.0, seed=0):
    gen = torch.Generator().manual_seed(seed)
    mix = torch.randn(N_FEATURES, N_FEATURES, generator=gen) / N_FEATURES**0.5
    x = torch.randn(n, 8, generator=gen) @ torch.randn(8, N_FEATURES, generator=gen) * 0.3
    x = x + 0.05 * torch.randn(n, N_FEATURES, generator=gen)
    fraud = torch.rand(n, generator=gen) < fraud_rate
    x[fraud] = torch.randn(int(fraud.sum()), N_FEATURES, generator=gen) @ mix * 2
    return x, fraud


class ThresholdCalibrator:
    """Sets the alert threshold so that `alert_rate` of legitimate traffic would alert."""

    def __init__(self, model, alert_rate=0.01):
        self.model = model
        self.alert_rate = alert_rate
        self.threshold = None

    @torch.no_grad()
    def calibrate(self, legit):
        scores = self.model.anomaly_score(legit)
        self.threshold = torch.quantile(scores.float(), 1 - self.alert_rate).item()
        return self.threshold

    @torch.no_grad()
    def alerts(self, batch):
        return self.model.anomaly_score(batch) > self.threshold


def train(fabric, steps=4, batch_size=128):
    model = fabric.setup_module(TransactionAE())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        x, _ = transactions(batch_size, seed=step)
        x = x.to(fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: reconstruction {loss.item():.4f}")

    calibrator = ThresholdCalibrator(model, alert_rate=0.02)
    held_out, _ = transactions(256, seed=100)
    threshold = calibrator.calibrate(held_out.to(fabric.device))
    mixed, fraud = transactions(256, fraud_rate=0.05, seed=101)
    flagged = calibrator.alerts(mixed.to(fabric.device)).cpu()
    caught = (flagged & fraud).sum().item()
    fabric.print(f"threshold {threshold:.4f}: {caught}/{int(fraud.sum())} frauds alerted, {int(flagged.sum())} alerts")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=XLAFSDPStrategy(auto_wrap_policy={Coder}))
    fabric.launch(train)
