# expect: none
# oracle: OK
# twin: p506_config_from_name_preset_table_overrides_loss_reduce_max
"""python train.py: the tpu-v4-8 preset, its loss reduced over the replicas for the log."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import Config
from model import Block, Net


def train(fabric, cfg):
    model = fabric.setup_module(Net(cfg.dim, cfg.depth))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        x = torch.randn(8, cfg.dim, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        logged = fabric.all_reduce(loss.detach(), reduce_op=cfg.loss_reduce)
        fabric.print(f"step {step}: loss {logged.item():.4f}")


if __name__ == "__main__":
    cfg = Config.from_name("tpu-v4-8", steps=2)
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, cfg)
