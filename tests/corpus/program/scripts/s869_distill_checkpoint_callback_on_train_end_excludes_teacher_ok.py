# expect: none
# oracle: OK
# twin: s868_distill_checkpoint_callback_on_train_end_saves_teacher_too
"""Distillation: a frozen teacher and a student, both sharded; a checkpoint callback runs through fabric.call."""
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class ModelCheckpoint:
    def __init__(self, out_dir="checkpoints", exclude=()):
        self.out_dir = out_dir
        self.exclude = set(exclude)

    def on_train_end(self, fabric, state):
        to_save = {k: v for k, v in state.items() if k not in self.exclude}
        fabric.save(os.path.join(self.out_dir, f"step-{state['step']}"), to_save)
        fabric.print(f"saved {sorted(to_save)}")


class LossLogger:
    def on_train_batch_end(self, fabric, loss, step):
        fabric.print(f"step {step}: {loss.item():.4f}")


def mlp(width):
    return nn.Sequential(nn.Linear(32, width), nn.ReLU(), nn.Linear(width, 4))


def train(fabric, steps=2, temperature=2.0):
    teacher = fabric.setup_module(mlp(128))
    teacher.eval()
    student = fabric.setup_module(mlp(32))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(student.parameters(), lr=1e-3))
    state = {"model": student, "teacher": teacher, "optimizer": optimizer, "step": 0}
    for step in range(1, steps + 1):
        x = torch.randn(8, 32, device=fabric.device)
        with torch.no_grad():
            soft = F.softmax(teacher(x) / temperature, dim=-1)
        loss = F.kl_div(F.log_softmax(student(x) / temperature, dim=-1), soft, reduction="batchmean")
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        state["step"] = step
        fabric.call("on_train_batch_end", fabric, loss, step)
    fabric.call("on_train_end", fabric, state)


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(state_dict_type="sharded"),
        callbacks=[LossLogger(), ModelCheckpoint(out_dir="distill", exclude=("teacher",))],
    )
    fabric.launch(train)
