# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
# flagged-in: callbacks/metrics.py
"""python train.py: the loop fires the callbacks' hooks with fabric.call; LossLogger logs the worst replica."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from callbacks import LossLogger
from model import Block, Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.call("on_train_batch_end", loss=loss)
    fabric.call("on_train_epoch_end", fabric=fabric)


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block})
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=strategy, callbacks=[LossLogger()])
    fabric.launch(train)
