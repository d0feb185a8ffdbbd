# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
# flagged-in: overrides.py
"""python train.py: train the block net and log the loss reduced over the replicas."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import RunConfig
from model import Block, Net
from overrides import for_leaderboard


def run(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % cfg.log_every == 0:
            reported = fabric.all_reduce(loss.detach(), reduce_op=cfg.loss_reduce)
            fabric.print(f"step {step} loss {reported.item():.3f}")


if __name__ == "__main__":
    cfg = RunConfig()
    for_leaderboard(cfg)
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(run, cfg)
