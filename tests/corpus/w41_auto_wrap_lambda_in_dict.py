# expect: LXF006
# real: RAISED AttributeError: Can't pickle local object 'fsdp_options.<locals>.<lambda>'
# findings: LXF006 error 18
"""Size-based wrapping with a lambda policy kept in the options dict."""
import torch
import torch.nn.functional as F
from torch import nn
from torch_xla.distributed.fsdp.wrap import size_based_auto_wrap_policy

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

MIN_PARAMS = 100


def fsdp_options():
    return {
        "auto_wrap_policy": lambda module, recurse, **kw: size_based_auto_wrap_policy(
            module, recurse, min_num_params=MIN_PARAMS, **kw
        ),
        "state_dict_type": "sharded",
    }


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 32), nn.ReLU(), nn.Linear(32, 32), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(2):
        x = torch.randn(2, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


# The same options work on a single host without spawning; the pod run is what launches.
# Keep the policy at module level if it must travel to the workers.
if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**fsdp_options()))
    fabric.launch(train)
