# expect: none
# oracle: OK
# twin: s330_version_shim_legacy_policy_below_3_0_list_remat
"""python train.py: XLA FSDP on a pod, with a shim for the Lightning versions the team still runs."""
import lightning
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from packaging.version import Version
from torch import nn

# lightning 2.0 took the layer classes as a list; newer releases want a set
LEGACY_POLICY = Version(lightning.__version__) < Version("2.1")


class Block(nn.Module):
    def __init__(self, dim: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim: int = 32, depth: int = 2, classes: int = 4):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        return self.head(self.blocks(x))


def layer_policy():
    if LEGACY_POLICY:
        return [Block]
    return {Block}


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    policy = layer_policy()
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=policy)
    Fabric(accelerator="tpu", strategy=strategy, precision="bf16-true").launch(train)
