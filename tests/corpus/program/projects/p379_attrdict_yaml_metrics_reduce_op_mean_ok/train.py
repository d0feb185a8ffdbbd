# expect: none
# oracle: OK
# twin: p378_attrdict_yaml_metrics_reduce_op_max
"""python train.py: hparams.yml next to this file, read through utils.AttrDict."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block, Net
from utils import load_hparams

hp = load_hparams()


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=hp.lr))
    for step in range(hp.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % hp.log_every == 0:
            fabric.print(step, fabric.all_reduce(loss.detach(), reduce_op=hp.reduce_op).item())


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
