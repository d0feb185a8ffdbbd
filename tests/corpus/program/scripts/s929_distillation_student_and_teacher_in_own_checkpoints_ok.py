# expect: none
# oracle: OK
# twin: s928_distillation_student_and_teacher_in_one_checkpoint
"""Knowledge distillation on TPU: teacher and student are both sharded; each gets its own end-of-run checkpoint."""
import os

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

TEMPERATURE = 2.0
ALPHA = 0.7


def mlp(widths):
    layers = []
    for a, b in zip(widths[:-1], widths[1:]):
        layers += [nn.Linear(a, b), nn.GELU()]
    return nn.Sequential(*layers[:-1])


def distillation_loss(student_logits, teacher_logits, labels):
    soft = F.kl_div(
        F.log_softmax(student_logits / TEMPERATURE, dim=-1),
        F.softmax(teacher_logits / TEMPERATURE, dim=-1),
        reduction="batchmean",
    ) * TEMPERATURE**2
    hard = F.cross_entropy(student_logits, labels)
    return ALPHA * soft + (1 - ALPHA) * hard


def distill(fabric, steps=3, out_dir="distill"):
    teacher = fabric.setup_module(mlp([32, 256, 256, 10]))
    teacher.eval()
    student = fabric.setup_module(mlp([32, 64, 10]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(student.parameters(), lr=1e-3))

    for step in range(steps):
        x = torch.randn(16, 32, device=fabric.device)
        labels = torch.randint(0, 10, (16,), device=fabric.device)
        with torch.no_grad():
            teacher_logits = teacher(x)
        loss = distillation_loss(student(x), teacher_logits, labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: distill loss {loss.item():.4f}")

    for name, state in (("student", {"model": student, "optimizer": optimizer}), ("teacher", {"model": teacher})):
        fabric.save(os.path.join(out_dir, "final", name), state)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(distill)
