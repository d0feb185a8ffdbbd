# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""python train.py: the run's settings kept as YAML text at the top of the script (pasted from a notebook)."""
import torch
import torch.nn.functional as F
import yaml
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

CONFIG = yaml.safe_load("""
fabric:
  accelerator: tpu
  precision: bf16-mixed
optim:
  lr: 0.0003
  steps: 2
""")


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def train(fabric):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=CONFIG["optim"]["lr"]))
    for _ in range(CONFIG["optim"]["steps"]):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(**CONFIG["fabric"], strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
