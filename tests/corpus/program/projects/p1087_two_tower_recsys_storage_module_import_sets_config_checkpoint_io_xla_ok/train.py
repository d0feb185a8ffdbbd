# expect: none
# oracle: OK
# twin: p1086_two_tower_recsys_storage_module_import_sets_config_checkpoint_io_torch
"""python train.py: train the two-tower recommender on a TPU host and write a sharded checkpoint to local disk."""
import os

import torch
import torch.nn.functional as F

import config
import storage.local_disk  # noqa: F401  (sets config.CHECKPOINT_IO and config.CHECKPOINT_ROOT)
from recsys.fabric_factory import build_fabric
from recsys.model import TwoTower, interactions


def train(fabric):
    model = fabric.setup_module(TwoTower())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-2))
    for step in range(config.STEPS):
        users, items, clicked = interactions(device=fabric.device)
        loss = F.binary_cross_entropy_with_logits(model(users, items), clicked)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: bce {loss.item():.4f}")
    fabric.save(os.path.join(config.CHECKPOINT_ROOT, "final"), {"model": model, "optimizer": optimizer})


if __name__ == "__main__":
    build_fabric().launch(train)
