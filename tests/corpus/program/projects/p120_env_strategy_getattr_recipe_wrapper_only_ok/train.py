# expect: none
# oracle: OK
# twin: p119_env_strategy_getattr_recipe_wrapper_and_remat
"""python train.py: the strategy recipe is named by config.STRATEGY."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import config
import strategies
from model import Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=config.LR))
    for _ in range(config.STEPS):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    make_strategy = getattr(strategies, config.STRATEGY)
    fabric = Fabric(accelerator="tpu", strategy=make_strategy())
    fabric.launch(train)


if __name__ == "__main__":
    main()
