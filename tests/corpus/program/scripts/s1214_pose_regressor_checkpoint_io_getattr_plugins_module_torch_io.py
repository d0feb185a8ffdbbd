# expect: LXF009
# oracle: RAISED TypeError: The XLA strategy can only work with the `XLACheckpointIO` plugin, found <lightning.fabric.plugins.io.torch_io.TorchCheck
"""Hand-pose regressor (synthetic 2-D keypoints); the checkpoint IO plugin is looked up by class name in
lightning.fabric.plugins, as the run's settings spell it."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric import plugins as fabric_plugins
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

KEYPOINTS = 21
SETTINGS = {"checkpoint_io": "TorchCheckpointIO", "steps": 2}


class KeypointBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.relu(self.fc(self.norm(x)))


class PoseRegressor(nn.Module):
    def __init__(self, dim=48):
        super().__init__()
        self.inp = nn.Linear(3 * 12 * 12, dim)
        self.blocks = nn.Sequential(KeypointBlock(dim), KeypointBlock(dim))
        self.out = nn.Linear(dim, KEYPOINTS * 2)

    def forward(self, crops):
        return self.out(self.blocks(self.inp(crops.flatten(1)))).view(-1, KEYPOINTS, 2)


def make_plugins(settings):
    io_cls = getattr(fabric_plugins, settings["checkpoint_io"])
    return [io_cls()]


def train(fabric, outdir):
    model = fabric.setup_module(PoseRegressor())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(SETTINGS["steps"]):
        crops = torch.rand(8, 3, 12, 12, device=fabric.device)
        keypoints = torch.rand(8, KEYPOINTS, 2, device=fabric.device)
        loss = F.smooth_l1_loss(model(crops), keypoints)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")
    fabric.save(os.path.join(outdir, "last"), {"model": model, "optimizer": optimizer, "step": SETTINGS["steps"]})


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={KeypointBlock}),
        plugins=make_plugins(SETTINGS),
    )
    fabric.launch(train, tempfile.mkdtemp(prefix="pose_"))
