# expect: none
# oracle: OK
# twin: p58_strategy_factory_package_remat_list
"""python train.py: long sequences, so the blocks are checkpointed."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import Block, Net
from sharding import build_strategy


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(remat=True, layers={Block}))
    fabric.launch(train)
