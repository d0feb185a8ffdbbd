# expect: none
# oracle: OK
# twin: p646_hooks_module_decorated_step_syncs_raw_module
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from hooks import log_step
from model import Block, Net


@log_step
def step(fabric, model, optimizer, accumulate):
    x = torch.randn(8, 32, device=fabric.device)
    with fabric.no_backward_sync(model, enabled=accumulate):
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)


def main(fabric):
    raw = Net()
    model = fabric.setup_module(raw)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for i in range(2):
        step(fabric, model, optimizer, accumulate=i == 0)
    optimizer.step()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(main)
