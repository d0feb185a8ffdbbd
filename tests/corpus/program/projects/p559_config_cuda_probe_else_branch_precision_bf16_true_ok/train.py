# expect: none
# oracle: OK
# twin: p558_config_cuda_probe_else_branch_precision_bf16_mixed
"""python train.py: the same script on the GPU cluster and on a TPU VM."""
import torch
import torch.nn.functional as F

from model import Net
from utils.fabric import make_fabric


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    make_fabric().launch(train)
