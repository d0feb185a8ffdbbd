# expect: none
# oracle: OK
# twin: s1332_pose_keypoints_chainmap_new_child_profile_strategy_hyphen
"""2-D pose keypoint regressor; Fabric's arguments are layered with ChainMap.new_child: team defaults, then the TPU profile, then this run."""
from collections import ChainMap

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from torch import nn

JOINTS = 17

FABRIC_DEFAULTS = {"accelerator": "auto", "devices": "auto", "strategy": "auto", "precision": "32-true"}
TPU_PROFILE = {"accelerator": "tpu", "strategy": "xla_fsdp", "precision": "bf16-true"}
FABRIC_KEYS = frozenset(FABRIC_DEFAULTS)


class Hourglass(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.down = nn.Linear(dim, dim // 2)
        self.up = nn.Linear(dim // 2, dim)

    def forward(self, x):
        return x + self.up(torch.relu(self.down(x)))


class PoseRegressor(nn.Module):
    """Silhouette features of a person crop -> (x, y) for each of 17 COCO joints."""

    def __init__(self, features=64, dim=64):
        super().__init__()
        self.inp = nn.Linear(features, dim)
        self.stages = nn.Sequential(Hourglass(dim), Hourglass(dim))
        self.out = nn.Linear(dim, JOINTS * 2)

    def forward(self, x):
        return self.out(self.stages(self.inp(x))).view(-1, JOINTS, 2)


def crops(n, seed):
    gen = torch.Generator().manual_seed(seed)
    joints = torch.rand(n, JOINTS, 2, generator=gen)
    mixing = torch.randn(JOINTS * 2, 64, generator=torch.Generator().manual_seed(7))
    return joints.flatten(1) @ mixing, joints


def layered_settings(**run):
    settings = ChainMap(FABRIC_DEFAULTS).new_child(TPU_PROFILE).new_child(run)
    settings.setdefault("steps", 3)
    return settings


def fabric_from(settings):
    return Fabric(**{k: v for k, v in settings.items() if k in FABRIC_KEYS})


def train(fabric, steps):
    model = fabric.setup_module(PoseRegressor())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        feats, joints = crops(32, seed=step)
        loss = F.smooth_l1_loss(model(feats.to(fabric.device)), joints.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: keypoint loss {loss.item():.4f}")


if __name__ == "__main__":
    settings = layered_settings()
    fabric = fabric_from(settings)
    fabric.launch(train, settings["steps"])
