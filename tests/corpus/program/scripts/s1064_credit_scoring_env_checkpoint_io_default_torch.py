# expect: LXF009
# oracle: RAISED TypeError: The XLA strategy can only work with the `XLACheckpointIO` plugin, found <lightning.fabric.plugins.io.torch_io.TorchCheck
"""Credit-default scoring on a synthetic tabular set; the checkpoint writer comes from CHECKPOINT_IO, with a default."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.plugins import TorchCheckpointIO, XLACheckpointIO
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

FEATURES = ("income", "debt_ratio", "age", "open_lines", "late_30", "late_90", "utilisation", "dependents")


class FeatureTower(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Dropout(0.1), nn.Linear(dim, dim))

    def forward(self, x):
        return x + self.net(x)


class Scorer(nn.Module):
    def __init__(self, n_features=len(FEATURES), dim=48):
        super().__init__()
        self.embed = nn.Linear(n_features, dim)
        self.tower = FeatureTower(dim)
        self.logit = nn.Linear(dim, 1)

    def forward(self, x):
        return self.logit(self.tower(self.embed(x))).squeeze(-1)


def checkpoint_plugin(name):
    """`xla`/`tpu` write through torch_xla (device tensors are moved for us); anything else uses torch.save."""
    return XLACheckpointIO() if name in {"xla", "tpu"} else TorchCheckpointIO()


def applicants(n, device):
    x = torch.randn(n, len(FEATURES))
    risk = 1.5 * x[:, 1] + x[:, 4] + 2.0 * x[:, 5] - 0.8 * x[:, 0]
    return x.to(device), (risk + 0.3 * torch.randn(n) > 0.5).float().to(device)


def train(fabric, out_dir):
    model = fabric.setup_module(Scorer())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=3e-3))
    for step in range(3):
        x, y = applicants(64, fabric.device)
        loss = F.binary_cross_entropy_with_logits(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: bce {loss.item():.4f}")
    fabric.save(os.path.join(out_dir, "scorer"), {"model": model, "optimizer": optimizer, "step": 3})


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={FeatureTower}),
        plugins=[checkpoint_plugin(os.environ.get("CHECKPOINT_IO", "torch"))],
    )
    fabric.launch(train, tempfile.mkdtemp(prefix="scorer_"))
