# expect: none
# oracle: OK
# twin: p452_module_getattr_renamed_constant_reduce_max
"""python train.py: train the block net, logging the loss combined over the replicas."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import metrics
from model import Block, Net


def train(fabric, steps):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % metrics.LOG_EVERY == 0:
            logged = fabric.all_reduce(loss.detach(), reduce_op=metrics.REDUCE_OP)
            fabric.print(f"step {step}: loss {logged.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, 2)
