# expect: none
# oracle: OK
# twin: p262_contextvar_run_config_default_precision_bf16_mixed
"""python train.py: the residual MLP under the run configuration's precision."""
import torch
import torch.nn.functional as F

from config import current
from model import Net
from runtime import build_fabric


def train(fabric):
    cfg = current()
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    build_fabric().launch(train)
