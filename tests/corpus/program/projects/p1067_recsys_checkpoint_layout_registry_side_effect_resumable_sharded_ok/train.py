# expect: none
# oracle: OK
# twin: p1066_recsys_checkpoint_layout_registry_side_effect_resumable_shard_typo
"""python train.py: a two-tower recommender trained in two stages; stage two resumes from stage one's checkpoint."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from ckpt import layout_kwargs
from model import Tower, TwoTower


def run_steps(fabric, model, optimizer, steps):
    for _ in range(steps):
        users = torch.randint(0, config.USERS, (32,))
        items = torch.randint(0, config.ITEMS, (32,))
        clicked = ((users + items) % 3 == 0).float().to(fabric.device)
        users = F.one_hot(users, config.USERS).float().to(fabric.device)
        items = F.one_hot(items, config.ITEMS).float().to(fabric.device)
        loss = F.binary_cross_entropy_with_logits(model(users, items), clicked)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    return loss.item()


def train(fabric, ckpt_dir):
    model = fabric.setup_module(TwoTower(config.USERS, config.ITEMS, config.DIM))
    optimizer = fabric.setup_optimizers(torch.optim.Adagrad(model.parameters(), lr=0.05))
    state = {"model": model, "optimizer": optimizer, "stage": 1}
    fabric.print(f"stage 1 loss {run_steps(fabric, model, optimizer, config.STEPS_PER_STAGE):.4f}")
    fabric.save(ckpt_dir, state)

    remainder = fabric.load(ckpt_dir, state)
    fabric.print(f"resumed after stage {state['stage']} (unused keys: {sorted(remainder)})")
    fabric.print(f"stage 2 loss {run_steps(fabric, model, optimizer, config.STEPS_PER_STAGE):.4f}")


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Tower}, **layout_kwargs(config.CHECKPOINT_LAYOUT))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, os.path.join(tempfile.mkdtemp(prefix="recsys_"), "stage1"))
