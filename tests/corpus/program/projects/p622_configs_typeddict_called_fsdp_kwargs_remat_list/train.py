# expect: LXF001
# oracle: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class 'model.Block'>]. You can try defining and passing `auto_w
# flagged-in: configs/presets.py
"""python train.py: the block net, wrapped and recomputed per block."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import FSDP_REMAT
from model import Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**FSDP_REMAT), precision="bf16-true")
    fabric.launch(train)
