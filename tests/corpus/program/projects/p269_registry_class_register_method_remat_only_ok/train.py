# expect: none
# oracle: OK
# twin: p268_registry_class_register_method_wrapper_and_remat
"""python train.py [strategy]: the residual MLP under a registered strategy (default: fsdp-remat)."""
import sys

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import strategies  # noqa: F401  (registers the strategies)
from model import Net
from registry import STRATEGIES


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else "fsdp-remat"
    fabric = Fabric(accelerator="tpu", strategy=STRATEGIES.build(name))
    fabric.launch(train)
