# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
# flagged-in: callbacks/monitor.py
"""python train.py: churn classifier on synthetic tabular data; a Fabric callback tracks the best validation accuracy."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from callbacks import BestMetric, PrintProgress
from data import make_split
from model import ChurnMLP, ResidualLayer


def run(fabric, epochs=2):
    model = fabric.setup_module(ChurnMLP())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    (x_train, y_train), (x_val, y_val) = make_split()
    for epoch in range(epochs):
        model.train()
        for xb, yb in zip(x_train.split(32), y_train.split(32)):
            xb, yb = fabric.to_device((xb, yb))
            loss = F.cross_entropy(model(xb), yb)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        fabric.call("on_train_epoch_end", fabric=fabric, epoch=epoch, loss=loss.detach())
        model.eval()
        with torch.no_grad():
            xv, yv = fabric.to_device((x_val, y_val))
            accuracy = (model(xv).argmax(dim=-1) == yv).float().mean()
        fabric.call("on_validation_end", fabric=fabric, model=model, metrics={"val_acc": accuracy})


if __name__ == "__main__":
    callbacks = [PrintProgress(), BestMetric(monitor="val_acc", mode="max")]
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ResidualLayer}), callbacks=callbacks)
    fabric.launch(run)
