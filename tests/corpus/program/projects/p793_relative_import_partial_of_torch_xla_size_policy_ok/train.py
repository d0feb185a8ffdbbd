# expect: none
# oracle: OK
# twin: p792_relative_import_partial_of_torch_size_policy
"""Tabular regression MLP on TPU; the Fabric and its size-based wrap policy come from the trainkit package."""
import torch
import torch.nn.functional as F
from torch import nn

from trainkit.launch import build_fabric

JOB = {
    "name": "tabular-mlp",
    "sharding": {"min_params": "2k", "state_dict_type": "sharded"},
    "precision": "32-true",
    "steps": 3,
    "batch_size": 32,
}


class Regressor(nn.Module):
    def __init__(self, features=40, hidden=96, depth=3):
        super().__init__()
        layers = [nn.Linear(features, hidden), nn.ReLU()]
        for _ in range(depth - 1):
            layers += [nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU())]
        self.body = nn.Sequential(*layers)
        self.out = nn.Linear(hidden, 1)

    def forward(self, x):
        return self.out(self.body(x)).squeeze(-1)


def train(fabric, job):
    model = fabric.setup_module(Regressor())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(job["steps"]):
        x = torch.randn(job["batch_size"], 40, device=fabric.device)
        y = x[:, :5].sum(dim=1)
        loss = F.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"{job['name']} step {step}: mse {loss.item():.4f}")


if __name__ == "__main__":
    build_fabric(JOB).launch(train, JOB)
