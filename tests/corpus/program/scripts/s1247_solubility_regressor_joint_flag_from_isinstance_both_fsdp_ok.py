# expect: none
# oracle: OK
# twin: s1246_solubility_regressor_joint_flag_from_isinstance_cuda_fsdp
"""Aqueous-solubility regressor over 256-bit molecular fingerprints; the setup helper serves sharded and plain runs."""
from functools import partial

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy, XLAFSDPStrategy
from torch import nn

BITS = 256
STEPS = 3


class FingerprintMLP(nn.Module):
    def __init__(self, hidden: int = 128):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(BITS, hidden), nn.SiLU(), nn.Dropout(0.1), nn.Linear(hidden, hidden), nn.SiLU())
        self.head = nn.Linear(hidden, 1)

    def forward(self, fp):
        return self.head(self.encoder(fp)).squeeze(-1)


def molecules(batch: int):
    fp = (torch.rand(batch, BITS) < 0.1).float()
    log_s = -0.02 * fp[:, :64].sum(1) + 0.03 * fp[:, 64:96].sum(1) + 0.1 * torch.randn(batch)
    return fp, log_s


def setup_for_training(fabric, model, make_optimizer, *, joint: bool):
    """Plain strategies take model and optimizer together; sharded ones need the optimizer built on the shards."""
    if joint:
        return fabric.setup(model, make_optimizer(model.parameters()))
    model = fabric.setup_module(model)
    return model, fabric.setup_optimizers(make_optimizer(model.parameters()))


def train(fabric):
    sharded = isinstance(fabric.strategy, (FSDPStrategy, XLAFSDPStrategy))
    model, optimizer = setup_for_training(fabric, FingerprintMLP(), partial(torch.optim.AdamW, lr=1e-3), joint=not sharded)
    for step in range(STEPS):
        fp, log_s = molecules(64)
        loss = F.mse_loss(model(fp.to(fabric.device)), log_s.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.Linear}))
    fabric.launch(train)
