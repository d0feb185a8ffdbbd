# expect: LXF011
# oracle: RAISED ValueError: accelerator set through both strategy class and accelerator flag, choose one
# flagged-in: sharding.py
"""python train.py: the settings come from config.RUN, the Fabric from runtime.PodFabric."""
import torch
import torch.nn.functional as F

import config
from model import Net
from runtime import PodFabric


def fit(fabric, steps, lr, batch_size):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
    for step in range(steps):
        x = torch.randn(batch_size, 32, device=fabric.device)
        y = torch.randint(0, 4, (batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print_rank0(f"step {step} loss {loss.item():.3f}")


def main(precision, steps, lr, batch_size):
    fabric = PodFabric(precision=precision)
    fabric.launch(fit, steps, lr, batch_size)


if __name__ == "__main__":
    main(**config.RUN)
