# expect: none
# oracle: OK
# twin: p430_sibling_module_pod_strategy_list_remat
"""python train.py: the residual MLP on a pod, with the strategy of sharding.py."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import Net
from sharding import pod_strategy


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        y = torch.randint(0, 4, (8,), device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), y))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=pod_strategy(), precision="bf16-true")
    fabric.launch(train)
