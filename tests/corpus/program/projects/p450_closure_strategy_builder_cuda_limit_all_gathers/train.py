# expect: LXF038
# oracle: RAISED TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument 'limit_all_gathers'
# flagged-in: recipes.py
"""python train.py: train the block net with the recipe's strategy, saving its shards one process at a time."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import recipes
from model import Net


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
    strategy = recipes.build_strategy(sequential_save=True)
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=strategy)
    fabric.launch(train, 2)


if __name__ == "__main__":
    main()
