# expect: none
# oracle: OK
# twin: p490_callbacks_module_isinstance_fsdp_guard_misses_xla_clip_by_value
"""python train.py: two steps on a TPU pod, with the project's callbacks hooked into the loop."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from callbacks import GradientClipping, StepPrinter
from model import Block, Net


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        fabric.call("on_before_optimizer_step", fabric, model, optimizer)
        optimizer.step()
        optimizer.zero_grad()
        fabric.call("on_train_batch_end", fabric, step, loss)


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
        callbacks=[GradientClipping(threshold=1.0), StepPrinter()],
    )
    fabric.launch(train)
