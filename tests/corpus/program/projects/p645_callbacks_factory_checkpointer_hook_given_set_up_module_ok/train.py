# expect: none
# oracle: OK
# twin: p644_callbacks_factory_checkpointer_hook_given_raw_module
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from callbacks import default_callbacks
from model import Block, Net

CFG = {"lr": 1e-3, "epochs": 1}


def main(fabric):
    net = Net()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=CFG["lr"]))
    for epoch in range(CFG["epochs"]):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.call("on_train_epoch_end", fabric=fabric, epoch=epoch, model=model, optimizer=optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}), callbacks=default_callbacks(CFG))
    fabric.launch(main)
