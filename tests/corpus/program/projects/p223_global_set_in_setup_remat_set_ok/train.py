# expect: none
# oracle: OK
# twin: p222_global_set_in_setup_remat_frozenset
"""python train.py: the block net under XLA FSDP, each block recomputed in the backward pass."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import dist
from model import Block, Net


def run(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    dist.setup(remat_layers=[Block])
    fabric = Fabric(accelerator=dist.ACCELERATOR, strategy=dist.STRATEGY)
    fabric.launch(run)
