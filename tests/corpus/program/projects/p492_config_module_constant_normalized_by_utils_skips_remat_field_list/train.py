# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'model.Block'>]. You can try defining and passing `auto_w
# flagged-in: utils/normalize.py
"""python train.py: fit the residual MLP on random data, sharded over the TPU cores."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import LR, SHARDING, STEPS
from model import Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=LR))
    for _ in range(STEPS):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(
        auto_wrap_policy=SHARDING.auto_wrap_policy,
        activation_checkpointing_policy=SHARDING.activation_checkpointing_policy,
        state_dict_type=SHARDING.state_dict_type,
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
