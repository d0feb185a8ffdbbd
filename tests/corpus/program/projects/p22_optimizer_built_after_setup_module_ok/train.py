# expect: none
# oracle: OK
# twin: p21_optimizer_built_before_setup_module
"""python train.py"""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from factory import ModelConfig, build, make_optimizer
from model import Block


def train(fabric, cfg):
    model = fabric.setup_module(build(cfg))
    optimizer = fabric.setup_optimizers(make_optimizer(model, cfg))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, ModelConfig())
