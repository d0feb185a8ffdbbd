# expect: none
# oracle: OK
# twin: p566_callbacks_clip_guard_isinstance_cuda_accelerator_clips_by_value
"""python train.py: a clipped AdamW step on XLA FSDP, the clipping a callback."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from callbacks import GradientClipping
from model import Block, Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        fabric.call("on_before_optimizer_step", fabric, model, optimizer)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        precision="bf16-true",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
        callbacks=[GradientClipping()],
    )
    fabric.launch(train)
