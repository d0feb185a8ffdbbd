# expect: none
# oracle: OK
# twin: p576_namedtuple_sharding_options_replace_asdict_remat_tuple
"""python train.py: XLA FSDP with activation checkpointing of every block."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Net
from sharding import DEFAULT_SHARDING, REMAT_LAYERS


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
    sharding = DEFAULT_SHARDING._replace(activation_checkpointing_policy=set(REMAT_LAYERS))
    strategy = XLAFSDPStrategy(**sharding._asdict())
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=strategy)
    fabric.launch(train)
