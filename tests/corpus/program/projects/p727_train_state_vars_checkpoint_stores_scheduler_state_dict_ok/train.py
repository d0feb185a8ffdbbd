# expect: none
# oracle: OK
# twin: p726_train_state_vars_checkpoint_keeps_getattr_scheduler_object
"""python train.py: sharded convnet training with a named LR schedule and a resumable checkpoint."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import model as models
from schedules import build_scheduler
from state import TrainState

CONFIG = {
    "arch": "convnet",
    "lr": 1e-3,
    "steps": 2,
    "schedule": {"name": "CosineAnnealingLR", "T_max": 2},
    "out_dir": "checkpoints",
}


def batches(fabric, n, batch_size=4):
    for _ in range(n):
        yield (torch.randn(batch_size, 3, 8, 8, device=fabric.device),
               torch.randint(0, 4, (batch_size,), device=fabric.device))


def train(fabric, cfg):
    net = fabric.setup_module(getattr(models, cfg["arch"])())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(net.parameters(), lr=cfg["lr"]))
    sched_cfg = dict(cfg["schedule"])
    scheduler = build_scheduler(optimizer, sched_cfg.pop("name"), **sched_cfg)
    state = TrainState(net, optimizer, scheduler)
    for x, y in batches(fabric, cfg["steps"]):
        fabric.backward(F.cross_entropy(net(x), y))
        optimizer.step()
        optimizer.zero_grad()
        scheduler.step()
        state.step += 1
    fabric.save(f"{cfg['out_dir']}/step-{state.step}", state.to_checkpoint())


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))
    fabric.launch(train, CONFIG)
