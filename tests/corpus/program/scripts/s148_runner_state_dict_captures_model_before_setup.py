# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so:
"""python train.py: a Runner builds its model and checkpoint state in __init__ and sets the model up in `setup()`."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))


class Runner:
    def __init__(self, fabric, steps=2, lr=1e-3, ckpt_dir="checkpoints"):
        self.fabric = fabric
        self.steps = steps
        self.lr = lr
        self.ckpt_dir = ckpt_dir
        self.model = Net()
        self.optimizer = None
        self.state = {"model": self.model, "step": 0}

    def setup(self):
        self.model = self.fabric.setup_module(self.model)
        self.optimizer = self.fabric.setup_optimizers(torch.optim.AdamW(self.model.parameters(), lr=self.lr))
        self.state["optimizer"] = self.optimizer

    def save(self):
        try:
            self.fabric.save(f"{self.ckpt_dir}/step-{self.state['step']}", self.state)
        finally:
            self.fabric.barrier()

    def fit(self):
        self.setup()
        for step in range(self.steps):
            x = torch.randn(8, 32, device=self.fabric.device)
            y = torch.randint(0, 4, (8,), device=self.fabric.device)
            self.fabric.backward(F.cross_entropy(self.model(x), y))
            self.optimizer.step()
            self.optimizer.zero_grad()
            self.state["step"] = step + 1
        self.save()


def run(fabric):
    Runner(fabric).fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded"))
    fabric.launch(run)
