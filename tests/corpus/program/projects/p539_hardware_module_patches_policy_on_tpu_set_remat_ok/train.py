# expect: none
# oracle: OK
# twin: p538_hardware_module_patches_policy_only_off_tpu_list_remat
"""python train.py: the pod's run, with the sharding config.py and hardware.py settle on."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import hardware  # noqa: F401  (adjusts config before its names are imported)
from config import POLICY
from model import Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(**POLICY))
    fabric.launch(train)
