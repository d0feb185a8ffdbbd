# expect: none
# oracle: OK
# twin: s1210_churn_fsdp_kwargs_builder_elif_on_backend_falls_to_cuda_keywords
"""Customer-churn classifier (synthetic usage features) whose FSDP keywords come from a builder that branches on the
backend name of the run config."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

FEATURES = 14
CONFIG = {"backend": "xla", "steps": 3, "lr": 5e-3}


class UsageBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(dim, 2 * dim), nn.Linear(2 * dim, dim)

    def forward(self, x):
        return x + self.fc2(F.relu(self.fc1(x)))


class ChurnModel(nn.Module):
    def __init__(self, dim=24):
        super().__init__()
        self.inp = nn.Linear(FEATURES, dim)
        self.blocks = nn.Sequential(UsageBlock(dim), UsageBlock(dim))
        self.out = nn.Linear(dim, 2)

    def forward(self, x):
        return self.out(self.blocks(self.inp(x)))


def fsdp_kwargs(backend):
    """Sharding options per backend: the GPU cluster and the TPU VMs are tuned differently."""
    if backend in ("tpu", "xla"):
        return {"auto_wrap_policy": {UsageBlock}, "flatten_parameters": True, "reshard_after_forward": True}
    elif backend == "cpu":
        return {}
    else:  # the CUDA cluster
        return {"auto_wrap_policy": {UsageBlock}, "limit_all_gathers": True, "forward_prefetch": True}


def accounts(n):
    usage = torch.randn(n, FEATURES)
    churned = ((usage[:, 0] < -0.3) | (usage[:, 1] > 1.0)).long()
    return usage, churned


def train(fabric, config):
    model = fabric.setup_module(ChurnModel())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=config["lr"]))
    for step in range(config["steps"]):
        usage, churned = fabric.to_device(accounts(64))
        loss = F.cross_entropy(model(usage), churned)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**fsdp_kwargs(CONFIG["backend"])))
    fabric.launch(train, CONFIG)
