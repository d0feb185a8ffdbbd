# expect: none
# oracle: OK
# twin: p550_patches_module_converts_only_wrap_list_remat_list
"""python train.py: wrap and checkpoint every block, the policies from config.py as patches.py leaves them."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
import patches  # noqa: F401
from model import Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=config.WRAP_LAYERS, activation_checkpointing_policy=config.REMAT_LAYERS
    )
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=strategy)
    fabric.launch(train)
