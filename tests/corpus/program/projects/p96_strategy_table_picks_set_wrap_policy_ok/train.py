# expect: none
# oracle: OK
# twin: p95_strategy_table_picks_list_wrap_policy
"""python train.py: config.STRATEGY names an entry of strategies.STRATEGIES."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import config
from model import Net
from strategies import STRATEGIES


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=config.LR))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=STRATEGIES[config.STRATEGY]())
    fabric.launch(train)
