# expect: XLA002
# real: RAISED ValueError: Currently, the XLAStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
# findings: XLA002 error 25
"""Early stopping across TPU cores: the longest patience counter decides. XLAStrategy's all_reduce only
sums or averages, so `reduce_op="max"` raises ValueError inside the launched function."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric


def train(fabric, epochs=3, patience=2):
    model = nn.Linear(4, 1)
    model, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
    best, waited = float("inf"), 0
    for epoch in range(epochs):
        x = torch.randn(8, 4, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if loss.item() < best:
            best, waited = loss.item(), 0
        else:
            waited += 1
        worst_wait = fabric.all_reduce(torch.tensor(float(waited)), reduce_op="max")
        if worst_wait.item() >= patience:
            break


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy="xla")
    fabric.launch(train)
