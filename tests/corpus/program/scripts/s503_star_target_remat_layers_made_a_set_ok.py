# expect: none
# oracle: OK
# twin: s502_star_target_unpacks_remat_layers_as_list
"""python train.py: `arch, *remat_layers = describe_model()`; the starred target's list is made a set before it goes to the strategy."""
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

def describe_model():
    """The architecture's name, then the layer types worth recomputing in the backward pass."""
    return "resmlp-2x32", Block


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


def main():
    arch, *remat_layers = describe_model()
    print(f"{arch}: recomputing {', '.join(t.__name__ for t in remat_layers)}")
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=set(remat_layers))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)


if __name__ == "__main__":
    main()
