# expect: none
# oracle: OK
# twin: p220_cached_property_runtime_wrapper_none_with_remat
"""python train.py: the block net with activation checkpointing on each block."""
import torch
import torch.nn.functional as F

from model import Net
from runtime import Runtime


def run(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    runtime = Runtime(remat=True)
    runtime.fabric.launch(run)
