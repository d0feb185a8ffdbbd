# expect: none
# oracle: OK
# twin: p574_enum_module_reductions_table_tracker_all_reduce_max
"""python train.py: logs loss, tokens and the gradient norm, synced across replicas."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from metrics import MetricTracker
from model import Block, Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    tracker = MetricTracker(fabric)
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        grad_norm = fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()
        tracker.update("loss", loss.detach())
        tracker.update("tokens", x.shape[0])
        tracker.update("grad_norm", grad_norm)
    fabric.print(tracker.compute())


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
