# expect: LXF006
# oracle: RAISED AttributeError: Can't pickle local object 'Strategies.xla_fsdp.<locals>.<lambda>'
# flagged-in: strategies.py
"""python train.py: the block net under XLA FSDP, each block its own shard."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import Net
from strategies import Strategies


def run(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=Strategies.get("xla_fsdp"))
    fabric.launch(run)
