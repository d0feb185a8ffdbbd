# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
# flagged-in: metrics/aggregators.py
"""python train.py: a fraud scorer on synthetic transactions; metrics are reduced across replicas as metrics/ says."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from data import transactions
from metrics import reduce_metric
from model import FraudScorer, ResidualMLP

FEATURES = 10


def train(fabric, steps=3):
    model = fabric.setup_module(FraudScorer(FEATURES))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        x, y = transactions(64, FEATURES, fabric.device)
        logits = model(x)
        loss = F.binary_cross_entropy_with_logits(logits, y, pos_weight=torch.tensor(5.0, device=fabric.device))
        fabric.backward(loss)
        grad_norm = torch.stack([p.grad.norm() for p in model.parameters() if p.grad is not None]).norm()
        optimizer.step()
        optimizer.zero_grad()
        logged = {"loss": loss, "flagged": (logits > 0).sum().float(), "grad_norm": grad_norm}
        logged = {name: reduce_metric(fabric, name, value) for name, value in logged.items()}
        fabric.print(f"step {step}: " + ", ".join(f"{k}={v.item():.3f}" for k, v in logged.items()))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ResidualMLP}))
    fabric.launch(train)
