# expect: LXF013
# real: RAISED ValueError: The optimizer does not seem to reference any XLAFSDP parameters. HINT: Make sure to create the optimizer after setting u
# findings: LXF013 error 51
"""litgpt-style loop: the optimizer is created before setup_module, then set up with setup_optimizers."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


def make_model():
    return nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4))


def step(fabric, model, optimizer):
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
    return loss


def fit(fabric, model, optimizer, gradient_accumulation_iters=2, max_iters=2):
    for iter_num in range(max_iters * gradient_accumulation_iters):
        is_accumulating = (iter_num + 1) % gradient_accumulation_iters != 0
        x = torch.randn(2, 4, device=fabric.device)
        with fabric.no_backward_sync(model, enabled=is_accumulating):
            loss = F.mse_loss(model(x), x)
            fabric.backward(loss / gradient_accumulation_iters)
        if not is_accumulating:
            optimizer.step()
            optimizer.zero_grad()


def main(fabric, learning_rate=6e-4):
    model = make_model()
    optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate, betas=(0.9, 0.95))
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(optimizer)
    fit(fabric, model, optimizer)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
