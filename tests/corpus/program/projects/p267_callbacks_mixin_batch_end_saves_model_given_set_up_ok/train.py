# expect: none
# oracle: OK
# twin: p266_callbacks_mixin_batch_end_saves_model_given_raw_net
"""python train.py: the residual MLP with a periodic checkpoint and a loss printout, both callbacks."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from callbacks import PeriodicCheckpoint, PrintLoss
from model import Block, Net


def train(fabric, steps=2):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    fabric.call("on_train_start", fabric=fabric)
    for step in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.call("on_train_batch_end", fabric=fabric, model=model, loss=loss, step=step)


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")
    fabric = Fabric(accelerator="tpu", strategy=strategy, callbacks=[PeriodicCheckpoint(every=2), PrintLoss()])
    fabric.launch(train)
