"""Training loop, written against a Fabric that is already launched."""
import torch
import torch.nn.functional as F

from model import FEATURES, ChurnModel


def accounts(n, device):
    x = torch.randn(n, FEATURES, device=device)
    churned = ((x[:, 0] < -0.3) & (x[:, 2] > 0.0)).float()  # short tenure and many support calls
    return x, churned


def fit(fabric, epochs=1, batch_size=32):
    model = fabric.setup_module(ChurnModel())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for epoch in range(epochs):
        for _ in range(2):
            x, churned = accounts(batch_size, fabric.device)
            loss = F.binary_cross_entropy_with_logits(model(x), churned)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        fabric.print(f"epoch {epoch}: loss {loss.item():.4f}")
