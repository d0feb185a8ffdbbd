# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class '__main__.Block'>,). You can try defining and passing `au
# findings: LXF001 error 28
"""Strategy options mirror XLAFSDPStrategy's keyword names, so the dataclass is splatted with asdict."""
from dataclasses import asdict, dataclass

import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.attn_proj = nn.Linear(dim, dim)
        self.mlp = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.mlp(torch.relu(self.attn_proj(x)))


@dataclass
class XLAFSDPOptions:
    auto_wrap_policy: frozenset = frozenset({Block})
    activation_checkpointing_policy: tuple = (Block,)
    state_dict_type: str = "sharded"
    sequential_save: bool = False


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(3, 32), Block(), Block(), nn.Linear(32, 1)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(10, 3, device=fabric.device)
        loss = F.l1_loss(model(x), x[:, :1])
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    options = asdict(XLAFSDPOptions())
    options["auto_wrap_policy"] = set(options["auto_wrap_policy"])
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**options))
    fabric.launch(train)
