# expect: LXF032
# oracle: RAISED KeyError: "The requested state contains a key 'step' that does not exist in the loaded checkpoint. To disable strict loading, set 
# flagged-in: callbacks.py
"""python train.py: ECG beat classifier with a preemption drill; a checkpoint callback handed to `Fabric(callbacks=...)` saves every few steps and restores the last save on `on_resume`."""
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from callbacks import LossLogger, PeriodicCheckpoint
from model import BeatClassifier


def heartbeats(batch, length, device):
    t = torch.linspace(0, 1, length, device=device)
    kind = torch.randint(0, config.CLASSES, (batch,), device=device)
    signal = torch.sin(2 * torch.pi * (kind[:, None] + 1) * t) + 0.2 * torch.randn(batch, length, device=device)
    return signal[:, None, :], kind


def train(fabric):
    model = fabric.setup_module(BeatClassifier(config.CLASSES))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=config.LR))
    state = {"model": model, "optimizer": optimizer, "step": 0}
    drilled = False
    while state["step"] < config.TOTAL_STEPS:
        signal, kind = heartbeats(config.BATCH_SIZE, config.LENGTH, fabric.device)
        loss = F.cross_entropy(model(signal), kind)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        state["step"] += 1
        fabric.call("on_train_batch_end", fabric=fabric, state=state, loss=loss)
        if state["step"] == config.PREEMPT_AT and not drilled:
            # the drill, once: act as if the job was preempted and restart from the last checkpoint
            drilled = True
            fabric.call("on_resume", fabric=fabric, state=state)


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(),
        callbacks=[PeriodicCheckpoint(tempfile.mkdtemp(prefix="ecg-"), every=config.SAVE_EVERY), LossLogger()],
    )
    fabric.launch(train)
