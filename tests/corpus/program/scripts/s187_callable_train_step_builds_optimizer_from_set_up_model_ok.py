# expect: none
# oracle: OK
# twin: s186_callable_train_step_builds_optimizer_from_raw_net
"""python script.py: one training step is an object; calling it runs forward, backward and the update."""
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


class TrainStep:
    def __init__(self, module, lr=1e-3):
        self.optimizer = torch.optim.AdamW(module.parameters(), lr=lr)

    def __call__(self, fabric, model, batch):
        x, y = batch
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        self.optimizer.step()
        self.optimizer.zero_grad()
        return loss


def train(fabric, steps=2):
    net = Net()
    model = fabric.setup_module(net)
    step = TrainStep(model)
    step.optimizer = fabric.setup_optimizers(step.optimizer)
    for _ in range(steps):
        batch = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        step(fabric, model, batch)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
