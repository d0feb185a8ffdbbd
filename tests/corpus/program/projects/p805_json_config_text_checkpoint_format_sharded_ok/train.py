# expect: none
# oracle: OK
# twin: p804_json_config_text_checkpoint_format_get_default_consolidated
"""Tabular classifier whose strategy options come from a JSON run config; the JSON names the sharded format, so the `.get` default is never used."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import checkpointing
import config
from model import ResBlock, TabularNet


def train(fabric, cfg):
    model = fabric.setup_module(TabularNet(**cfg["model"]))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), **config.optimizer_options(cfg)))
    ckpt_dir = cfg["checkpoint"]["dir"]
    start = checkpointing.resume(fabric, ckpt_dir, model, optimizer)
    for step in range(start, start + cfg["train"]["steps"]):
        x = torch.randn(cfg["train"]["batch_size"], cfg["model"]["in_features"], device=fabric.device)
        y = (x[:, 0] > 0).long() + 2 * (x[:, 1] > 0).long()
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if (step + 1) % cfg["checkpoint"]["every"] == 0:
            checkpointing.save(fabric, ckpt_dir, step + 1, model, optimizer)
        fabric.print(f"step {step}: {loss.item():.4f}")
    # a second job picking up where this one stopped, as the scheduler would start it
    checkpointing.resume(fabric, ckpt_dir, model, optimizer)


if __name__ == "__main__":
    cfg = config.load()
    strategy = XLAFSDPStrategy(auto_wrap_policy={ResBlock}, **config.strategy_options(cfg))
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train, cfg)
