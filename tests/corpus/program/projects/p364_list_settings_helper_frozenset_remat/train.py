# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found frozenset({<class 'recipes.model.Block'>}). You can try defining 
# flagged-in: recipes/strategy.py
"""python train.py: the recipe's layers, sharded and rematerialised on a pod."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from recipes import config
from recipes.model import Net
from recipes.strategy import make_strategy


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=config.LR))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    strategy = make_strategy(config.SHARD_LAYERS, config.REMAT_LAYERS)
    Fabric(accelerator="tpu", strategy=strategy, precision="bf16-true").launch(train)
