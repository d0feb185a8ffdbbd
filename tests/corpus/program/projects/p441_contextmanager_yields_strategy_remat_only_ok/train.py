# expect: none
# oracle: OK
# twin: p440_contextmanager_yields_strategy_wrapper_none_and_remat
"""python train.py: train the block net on the pod slice of settings.py."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import settings
from model import Net
from sharding import sharded_strategy


def train(fabric, steps):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    with sharded_strategy(settings) as strategy:
        fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=strategy)
        fabric.launch(train, settings.STEPS)


if __name__ == "__main__":
    main()
