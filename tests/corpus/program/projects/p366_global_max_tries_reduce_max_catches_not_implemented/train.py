# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
# flagged-in: evalkit/dist.py
"""python train.py: train, then log the largest gradient norm any replica saw."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

from evalkit.dist import global_max


class Net(nn.Module):
    def __init__(self, dim: int = 32, classes: int = 4):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim)
        self.fc2 = nn.Linear(dim, classes)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    norm = fabric.clip_gradients(model, optimizer, max_norm=1.0)
    optimizer.step()
    fabric.print(f"largest grad norm: {global_max(fabric, norm.detach()).item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"), precision="32-true")
    fabric.launch(train)
