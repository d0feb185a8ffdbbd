# expect: none
# oracle: OK
# twin: p35_callback_clips_by_value
"""python train.py"""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from callbacks import GradientClipping, LossLogger
from model import Block, Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        fabric.call("on_before_optimizer_step", fabric=fabric, model=model, optimizer=optimizer)
        optimizer.step()
        optimizer.zero_grad()
        fabric.call("on_train_batch_end", fabric=fabric, step=step, loss=loss)


if __name__ == "__main__":
    fabric = Fabric(
        accelerator="tpu",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}),
        callbacks=[GradientClipping(0.5), LossLogger()],
    )
    fabric.launch(train)
