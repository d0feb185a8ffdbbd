# expect: none
# oracle: OK
# twin: s1220_house_prices_shard_callback_then_loop_sets_up_state_model_again
"""House-price regression on synthetic tabular features; a `ShardOnSetup` callback, run by `fabric.call("on_setup")`, shards the model kept in the run state."""
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

N_FEATURES = 12


class ResidualMLP(nn.Module):
    def __init__(self, dim=N_FEATURES, hidden=48):
        super().__init__()
        self.inp = nn.Linear(dim, hidden)
        self.block = nn.Sequential(nn.LayerNorm(hidden), nn.Linear(hidden, hidden), nn.SiLU())
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.inp(x)
        return self.out(h + self.block(h)).squeeze(-1)


class ShardOnSetup:
    """Shards whatever network the run state holds once Fabric is up."""

    def on_setup(self, fabric, state):
        state.model = fabric.setup_module(state.model)
        fabric.print(f"sharded {type(state.model.module).__name__}")


class PrintLoss:
    def on_step_end(self, fabric, step, loss):
        fabric.print(f"step {step}  mse {loss.item():.4f}")


def fit(fabric, steps=3):
    state = SimpleNamespace(model=ResidualMLP(), step=0)
    fabric.call("on_setup", fabric=fabric, state=state)
    model = state.model
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for step in range(steps):
        x = torch.randn(16, N_FEATURES, device=fabric.device)
        y = x[:, :3].sum(-1)
        loss = F.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.call("on_step_end", fabric=fabric, step=step, loss=loss)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), callbacks=[ShardOnSetup(), PrintLoss()])
    fabric.launch(fit)
