# expect: none
# oracle: OK
# twin: p462_overrides_module_dict_update_reduce_op_max
"""python train.py: train the block net, logging the loss combined over the replicas."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
import overrides
from model import Block, Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(config.STEPS):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % config.LOG_EVERY == 0:
            logged = fabric.all_reduce(loss.detach(), reduce_op=config.REDUCE_OP)
            fabric.print(f"step {step}: loss {logged.item():.4f}")


if __name__ == "__main__":
    overrides.apply()
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
