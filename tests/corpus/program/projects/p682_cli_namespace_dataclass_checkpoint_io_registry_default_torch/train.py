# expect: LXF009
# oracle: RAISED TypeError: The XLA strategy can only work with the `XLACheckpointIO` plugin, found <lightning.fabric.plugins.io.torch_io.TorchCheck
# flagged-in: config.py
"""python train.py [--checkpoint-io torch|xla] [--steps N]"""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import ckpt
import config
from model import Block, Net


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step in range(1, cfg.steps + 1):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    ckpt.save(fabric, cfg.out_dir, cfg.steps, model, optimizer)


if __name__ == "__main__":
    cfg = config.parse()
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
        plugins=[ckpt.make_io(cfg.checkpoint_io)],
    )
    fabric.launch(train, cfg)
