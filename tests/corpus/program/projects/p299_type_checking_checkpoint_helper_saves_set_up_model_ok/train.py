# expect: none
# oracle: OK
# twin: p298_type_checking_checkpoint_helper_saves_raw_model
"""python train.py: train the block net on a pod and keep a sharded checkpoint of the last step."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from checkpointing import save_checkpoint
from model import Block, Net


def train(fabric, steps=2, out_dir="checkpoints"):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(1, steps + 1):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    save_checkpoint(fabric, out_dir, model, optimizer, step)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
