# expect: LXF037
# oracle: RAISED TypeError: transformer_auto_wrap_policy() got an unexpected keyword argument 'unwrapped_params'
"""python script.py --accelerator tpu: one wrap policy for both the CUDA and the TPU strategy."""
import argparse
from functools import partial

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy, XLAFSDPStrategy
from torch import nn
from torch.distributed.fsdp.wrap import transformer_auto_wrap_policy


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


def train(fabric):
    model = fabric.setup_module(nn.Sequential(Block(), Block(), nn.Linear(32, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    x = torch.randn(4, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (4,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


def build_fabric(accelerator):
    policy = partial(transformer_auto_wrap_policy, transformer_layer_cls={Block})
    if accelerator == "tpu":
        return Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy=policy))
    return Fabric(accelerator="cuda", strategy=FSDPStrategy(auto_wrap_policy=policy))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--accelerator", default="tpu", choices=["tpu", "cuda"])
    build_fabric(parser.parse_args().accelerator).launch(train)
