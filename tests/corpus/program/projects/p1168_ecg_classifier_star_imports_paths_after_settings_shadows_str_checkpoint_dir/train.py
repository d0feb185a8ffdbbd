# expect: LXF029
# oracle: RAISED _pickle.UnpicklingError: Weights only load failed. This file can still be loaded, to do so you have two options, [1mdo those steps only if you t
# flagged-in: train.py
"""python train.py: a few steps of the ECG classifier on a TPU host, a sharded checkpoint, and a loss log."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import ECGNet, LeadBlock, ecg_batch
from settings import *  # noqa: F403
from paths import *  # noqa: F403  (LOG_DIR)


def train(fabric):
    model = fabric.setup_module(ECGNet(LEADS, HIDDEN, CLASSES))  # noqa: F405
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=LR))  # noqa: F405
    losses = []
    for step in range(STEPS):  # noqa: F405
        beats, labels = ecg_batch(BATCH, LEADS, SAMPLES, CLASSES, seed=step)  # noqa: F405
        loss = F.cross_entropy(model(beats.to(fabric.device)), labels.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        losses.append(loss.item())
    fabric.save(CHECKPOINT_DIR, {"model": model, "optimizer": optimizer, "step": STEPS})  # noqa: F405
    if fabric.global_rank == 0:
        LOG_DIR.mkdir(parents=True, exist_ok=True)  # noqa: F405
        (LOG_DIR / "loss.txt").write_text("\n".join(f"{x:.4f}" for x in losses))  # noqa: F405
    fabric.print(f"saved to {CHECKPOINT_DIR}, last loss {losses[-1]:.4f}")  # noqa: F405


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={LeadBlock}))
    fabric.launch(train)
