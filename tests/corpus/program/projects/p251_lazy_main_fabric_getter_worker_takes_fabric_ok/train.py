"""The training loop; `launch` hands it the Fabric `get_fabric()` built."""
import torch
import torch.nn.functional as F

from model import Encoder

STEPS = 2


def run(fabric):
    model = fabric.setup_module(Encoder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(STEPS):
        tokens = torch.randint(0, 64, (4, 17), device=fabric.device)
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), tokens[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
