# expect: LXF014
# real: RAISED NotImplementedError: XLA's FSDP strategy does not support to clip gradients by value. Consider clipping by norm instead or choose another str
# findings: LXF014 error 32
"""Module alias `import lightning.fabric as lf`; the clipping threshold is passed by position."""
import torch
import torch.nn.functional as F
from torch import nn

import lightning.fabric as lf


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


OPTIM = {"lr": 1e-3, "betas": (0.9, 0.95)}
CLIP_THRESHOLD = 0.5


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), **OPTIM))
    for _ in range(2):
        x = torch.randn(3, 4, device=fabric.device)
        loss = F.mse_loss(model(x), x)
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, CLIP_THRESHOLD)
        optimizer.step()
        optimizer.zero_grad()


# The threshold was tuned on GPUs with DDP, where clipping by value is supported.
# Clipping by norm needs its own tuning.
if __name__ == "__main__":
    fabric = lf.Fabric(accelerator="tpu", strategy=lf.strategies.XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
