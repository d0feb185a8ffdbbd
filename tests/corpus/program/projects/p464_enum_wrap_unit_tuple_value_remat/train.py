# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found (<class 'model.Block'>,). You can try defining and passing `auto_
# flagged-in: strategy.py
"""python train.py: the block net under XLA FSDP, each block wrapped and checkpointed."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import Net
from strategy import make_strategy
from units import WrapUnit


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=make_strategy(WrapUnit.BLOCK))
    fabric.launch(train)
