# expect: none
# oracle: OK
# twin: s350_mappingproxy_metric_defaults_reduce_max
"""Read-only metric defaults (a MappingProxyType), overridden per metric when the logger syncs across replicas;
the peak of the gradient norm is gathered, as XLA FSDP reduces by sum or mean only."""
from types import MappingProxyType

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

SYNC_DEFAULTS = MappingProxyType({"reduce_op": "mean", "group": None})
METRICS = MappingProxyType({
    "loss": MappingProxyType({}),
    "grad_norm": MappingProxyType({"reduce_op": "max"}),
})


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(32, 64)
        self.fc2 = nn.Linear(64, 4)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


def sync_metric(fabric: Fabric, name: str, value: torch.Tensor) -> torch.Tensor:
    if name == "grad_norm":
        return fabric.all_gather(value).max()
    options = {**SYNC_DEFAULTS, **METRICS[name]}
    return fabric.all_reduce(value, **options)


def train(fabric: Fabric) -> None:
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    grad_norm = torch.stack([p.grad.norm() for p in model.parameters() if p.grad is not None]).norm()
    optimizer.step()
    logged = {name: sync_metric(fabric, name, value) for name, value in (("loss", loss.detach()), ("grad_norm", grad_norm))}
    fabric.print({k: v.item() for k, v in logged.items()})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), precision="bf16-true")
    fabric.launch(train)
