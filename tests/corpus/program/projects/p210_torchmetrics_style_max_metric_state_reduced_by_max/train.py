# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
# flagged-in: metrics/aggregation.py
"""python train.py: two steps of regression on a TPU pod, logging the mean and the worst batch loss of all devices."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from metrics import MaxMetric, MeanMetric
from model import Block, Regressor


def train(fabric):
    model = fabric.setup_module(Regressor())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    mean_loss, worst_loss = MeanMetric(), MaxMetric()
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.mse_loss(model(x), torch.randn(8, device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        mean_loss.update(loss)
        worst_loss.update(loss)
    fabric.print(f"loss: mean {mean_loss.compute_synced(fabric):.3f}, worst {worst_loss.compute_synced(fabric):.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
