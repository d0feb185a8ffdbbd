# expect: none
# real: OK
# findings: none
"""The launched function is an instance with __call__(self, fabric); set-up order is the XLA FSDP one."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=20):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + F.relu(self.fc(x))


class Runner:
    def __init__(self, steps, accumulate):
        self.steps = steps
        self.accumulate = accumulate

    def build(self):
        return nn.Sequential(nn.Linear(5, 20), Block(), Block(), nn.Linear(20, 1))

    def __call__(self, fabric):
        model = fabric.setup_module(self.build())
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
        for i in range(self.steps):
            x = torch.randn(4, 5, device=fabric.device)
            skip_sync = (i + 1) % self.accumulate != 0
            with fabric.no_backward_sync(model, enabled=skip_sync):
                loss = F.mse_loss(model(x), x[:, :1])
                fabric.backward(loss / self.accumulate)
            if not skip_sync:
                fabric.clip_gradients(model, optimizer, max_norm=1.0)
                optimizer.step()
                optimizer.zero_grad()
        total = fabric.all_reduce(loss.detach(), reduce_op="sum")
        fabric.print(f"loss sum {total.item():.3f}")


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy={Block})
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(Runner(steps=2, accumulate=2))
