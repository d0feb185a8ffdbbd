# expect: none
# oracle: OK
# twin: p460_enum_precision_member_value_bf16_mixed
"""python train.py: the block net under XLA FSDP with the precision config.py names."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import config
from model import Block, Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(
        accelerator=config.ACCELERATOR,
        precision=config.PRECISION.value,
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
    )
    fabric.launch(train)
