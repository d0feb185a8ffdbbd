# expect: LXF045
# oracle: RAISED _pickle.PicklingError: Can't pickle <class 'lightning.fabric.wrappers.FabricAdamW'>: attribute lookup FabricAdamW on lightning.fabric.wrappers
# flagged-in: utils/checkpoint.py
"""python train.py: the block net with a cosine schedule, checkpointed at the end."""
import torch
import torch.nn.functional as F

from model import Net
from utils.checkpoint import save_checkpoint
from utils.runtime import tpu_fabric


def train(fabric, steps=2, out_dir="checkpoints"):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=steps)
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()
        scheduler.step()
    save_checkpoint(fabric, out_dir, steps, model, optimizer, scheduler)


if __name__ == "__main__":
    with tpu_fabric() as fabric:
        fabric.launch(train)
