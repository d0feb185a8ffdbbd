# expect: none
# oracle: OK
# twin: p504_attrs_run_config_factory_optim_clip_by_value
"""python train.py: train under XLA FSDP with the clipping conf/optim.py sets."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from conf import RunConfig
from model import Block, Net


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(
        torch.optim.AdamW(model.parameters(), lr=cfg.optim.lr, weight_decay=cfg.optim.weight_decay)
    )
    for _ in range(cfg.steps):
        x = torch.randn(cfg.batch_size, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (cfg.batch_size,), device=fabric.device))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, clip_val=cfg.optim.clip_val, max_norm=cfg.optim.max_norm)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    cfg = RunConfig()
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, cfg)
