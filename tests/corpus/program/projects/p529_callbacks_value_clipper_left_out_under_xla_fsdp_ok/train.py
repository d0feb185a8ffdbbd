# expect: none
# oracle: OK
# twin: p528_callbacks_value_clipper_registered_by_guard_naming_cuda_fsdp
"""python train.py [--strategy xla_fsdp|ddp]: the value clipper is registered for the strategies that clip by value."""
import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from callbacks import ValueClipper
from model import Block, Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for _ in range(2):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        fabric.call("on_before_optimizer_step", fabric=fabric, model=model, optimizer=optimizer)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="xla_fsdp", choices=["xla_fsdp", "ddp"])
    args = parser.parse_args()
    on_xla = args.strategy == "xla_fsdp"
    # XLA FSDP clips by norm only: the value clipper is for the other strategies
    callbacks = [] if args.strategy == "xla_fsdp" else [ValueClipper()]
    fabric = Fabric(
        accelerator="tpu" if on_xla else "cuda",
        precision="bf16-true",
        strategy=XLAFSDPStrategy(auto_wrap_policy={Block}) if on_xla else "ddp",
        callbacks=callbacks,
    )
    fabric.launch(train)
