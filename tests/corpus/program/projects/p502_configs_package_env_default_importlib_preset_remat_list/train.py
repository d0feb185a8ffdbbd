# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'model.Block'>]. You can try defining and passing `auto_w
# flagged-in: configs/v4_pod.py
"""python train.py (PRESET=debug for a quick check): the preset module configs/__init__.py picks."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import preset as cfg
from model import Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.LR))
    for _ in range(cfg.STEPS):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy=cfg.WRAP, activation_checkpointing_policy=cfg.REMAT)
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=strategy)
    fabric.launch(train)
