# expect: none
# oracle: OK
# twin: s1024_distill_checkpoint_decorator_saves_teacher_and_student
"""Knowledge distillation of a small MLP student from a frozen teacher on TPU; a decorator checkpoints the step's objects every few steps."""
import functools
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Layer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc, self.norm = nn.Linear(dim, dim), nn.LayerNorm(dim)

    def forward(self, x):
        return x + F.gelu(self.fc(self.norm(x)))


def mlp(dim, depth, classes=10, features=20):
    return nn.Sequential(nn.Linear(features, dim), *[Layer(dim) for _ in range(depth)], nn.Linear(dim, classes))


def checkpoint_after(every, exclude=()):
    """Save the keyword objects a step function was called with, every `every` steps."""
    def decorate(step_fn):
        @functools.wraps(step_fn)
        def wrapper(fabric, step, out_dir, **objects):
            loss = step_fn(fabric, step, **objects)
            if step % every == 0:
                state = {name: obj for name, obj in objects.items() if name not in exclude}
                state["step"] = step
                fabric.save(os.path.join(out_dir, f"step-{step:04d}"), state)
            return loss
        return wrapper
    return decorate


@checkpoint_after(every=2, exclude=("teacher",))
def distill_step(fabric, step, student, teacher, optimizer, temperature=2.0):
    x = torch.randn(32, 20, device=fabric.device)
    with torch.no_grad():
        soft = F.softmax(teacher(x) / temperature, dim=-1)
    loss = F.kl_div(F.log_softmax(student(x) / temperature, dim=-1), soft, reduction="batchmean")
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


def run(fabric, out_dir):
    teacher = fabric.setup_module(mlp(128, 4).requires_grad_(False).eval())
    student = fabric.setup_module(mlp(32, 2))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(student.parameters(), lr=1e-3))
    for step in range(1, 5):
        loss = distill_step(fabric, step, out_dir, student=student, teacher=teacher, optimizer=optimizer)
        fabric.print(f"step {step}: kl {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Layer}))
    fabric.launch(run, tempfile.mkdtemp(prefix="distill-"))
