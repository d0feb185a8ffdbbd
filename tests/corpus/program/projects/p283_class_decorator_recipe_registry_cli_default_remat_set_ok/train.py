# expect: none
# oracle: OK
# twin: p282_class_decorator_recipe_registry_cli_default_remat_tuple
"""python train.py [--recipe NAME]: train the block net on a pod with a registered strategy recipe."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import registry
from cli import parse_args
from model import Net


def train(fabric, args):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.lr))
    for _ in range(args.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    args = parse_args()
    recipe = registry.get(args.recipe)
    fabric = Fabric(accelerator="tpu", strategy=recipe.strategy(), precision="bf16-true")
    fabric.launch(train, args)
