"""The training loop; it finds the Fabric through `get_fabric()`."""
import torch
import torch.nn.functional as F

from launcher import get_fabric
from model import Encoder

STEPS = 2


def run():
    fabric = get_fabric()
    model = fabric.setup_module(Encoder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(STEPS):
        tokens = torch.randint(0, 64, (4, 17), device=fabric.device)
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), tokens[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
