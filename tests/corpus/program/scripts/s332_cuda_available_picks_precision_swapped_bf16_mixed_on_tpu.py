# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
"""python train.py: the same script trains on a GPU box (torch FSDP) and on a TPU VM (XLA FSDP)."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy, XLAFSDPStrategy
from torch import nn

ON_GPU = torch.cuda.is_available()


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


def make_fabric():
    if ON_GPU:
        strategy = FSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})
    else:
        strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
    precision = "bf16-true" if ON_GPU else "bf16-mixed"
    return Fabric(accelerator="cuda" if ON_GPU else "tpu", strategy=strategy, precision=precision)


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    make_fabric().launch(train)
