# expect: none
# real: OK
# findings: none
"""Minimal TPU launcher written against the top-level `lightning` namespace."""
import lightning as L
import torch
import torch.nn.functional as F
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.fc2 = nn.Linear(2 * dim, dim)

    def forward(self, x):
        return x + self.fc2(F.gelu(self.fc1(x)))


def build_strategy(remat=True):
    layers = {Block}
    return L.fabric.strategies.XLAFSDPStrategy(
        auto_wrap_policy=layers,
        activation_checkpointing_policy=layers if remat else None,
        state_dict_type="sharded",
    )


def train(fabric: L.Fabric):
    fabric.seed_everything(1234)
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 32), Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(2):
        x = torch.randn(8, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x.flip(-1))
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=0.5)
        optimizer.step()
        optimizer.zero_grad()
        avg = fabric.all_reduce(loss.detach(), reduce_op="mean")
        fabric.print(f"step {step}: {avg.item():.4f}")


if __name__ == "__main__":
    fabric = L.Fabric(accelerator="tpu", devices="auto", strategy=build_strategy(), precision="bf16-true")
    fabric.launch(train)
