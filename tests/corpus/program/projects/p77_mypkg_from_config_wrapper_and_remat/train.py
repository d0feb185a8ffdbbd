# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
# flagged-in: mypkg/config.py
"""python train.py: the run's configuration is mypkg/config.py."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import Net
from mypkg.config import RUN
from mypkg.sharding import ShardedStrategy


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["lr"]))
    for _ in range(cfg["steps"]):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=ShardedStrategy.from_config(RUN["sharding"]))
    fabric.launch(train, RUN)
