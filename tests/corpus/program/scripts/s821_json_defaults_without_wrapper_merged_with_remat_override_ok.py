# expect: none
# oracle: OK
# twin: s820_json_defaults_null_wrapper_merged_with_remat_override
"""python train.py: strategy defaults kept as JSON text (shared with the launcher), merged with a per-run remat override."""
import json

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

STRATEGY_DEFAULTS = """
{
  "state_dict_type": "sharded",
  "reshard_after_forward": true
}
"""


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


def strategy_kwargs(**override):
    base = json.loads(STRATEGY_DEFAULTS)
    return {**base, **override}


def train(fabric):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    kwargs = strategy_kwargs(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**kwargs))
    fabric.launch(train)
