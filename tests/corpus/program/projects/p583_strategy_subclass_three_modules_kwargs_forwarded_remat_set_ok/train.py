# expect: none
# oracle: OK
# twin: p582_strategy_subclass_three_modules_kwargs_forwarded_remat_list
"""python train.py: XLA FSDP with activation checkpointing of every block."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import Block, Net
from strategies.remat import RematXLAFSDP


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=RematXLAFSDP(layers=[Block]))
    fabric.launch(train)
