# expect: none
# oracle: OK
# twin: s250_build_helper_precision_fallback_catches_type_error
"""python train.py: `build_fabric()` asks for the mixed precision first; the caller falls back when it is refused."""
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


CONFIG = {"precision": "bf16-mixed", "fallback_precision": "bf16-true", "steps": 2}


def build_fabric():
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block})
    return Fabric(accelerator="tpu", precision=CONFIG["precision"], strategy=strategy)


def train(fabric, steps):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    try:
        fabric = build_fabric()
    except ValueError as err:
        print(f"precision {CONFIG['precision']!r} refused ({err}); using {CONFIG['fallback_precision']!r}")
        fabric = Fabric(accelerator="tpu", precision=CONFIG["fallback_precision"],
                        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, CONFIG["steps"])
