# expect: none
# oracle: OK
# twin: p11_utils_dist_gets_raw_model
"""python train.py: two micro-batches per optimizer step."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from utils.dist import accumulate


def train(fabric):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    batches = [
        (torch.randn(4, 32, device=fabric.device), torch.randint(0, 4, (4,), device=fabric.device))
        for _ in range(2)
    ]
    loss = accumulate(fabric, model, batches, optimizer)
    fabric.print(f"loss {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
