# expect: none
# oracle: OK
# twin: s120_torch_size_based_wrap_policy_bare_in_settings
"""python script.py: the wrap policy comes from a settings dict, the size-based policy itself."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch_xla.distributed.fsdp.wrap import size_based_auto_wrap_policy

SETTINGS = {
    "lr": 0.1,
    "wrap_policy": size_based_auto_wrap_policy,
}


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


def train(fabric):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    x = torch.randn(4, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (4,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy=SETTINGS["wrap_policy"])
    Fabric(accelerator="tpu", strategy=strategy).launch(train)
