# expect: none
# oracle: OK
# twin: p01_config_module_list_policy
"""Entry point: python train.py (settings in config.py, the network in model.py)."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from model import Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=config.LR))
    for step in range(config.STEPS):
        x = torch.randn(config.BATCH_SIZE, 32, device=fabric.device)
        y = torch.randint(0, 4, (config.BATCH_SIZE,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step} loss {loss.item():.3f}")


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=config.WRAP_LAYERS,
        activation_checkpointing_policy=config.REMAT_LAYERS,
        state_dict_type="sharded",
    )
    fabric = Fabric(accelerator="tpu", devices="auto", strategy=strategy, precision="bf16-true")
    fabric.launch(train)
