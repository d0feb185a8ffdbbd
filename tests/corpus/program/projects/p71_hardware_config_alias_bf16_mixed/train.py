# expect: LXF007
# oracle: RAISED ValueError: `precision='bf16-mixed')` is not supported in XLA. `precision` must be one of: ('32-true', '16-true', 'bf16-true').
# flagged-in: configs/tpu.py
import torch
from lightning.fabric import Fabric

import configs.tpu as hw
from model import Net


def main(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(model(torch.randn(2, 8, device=fabric.device)).sum())
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", devices=hw.DEVICES, strategy="xla_fsdp", precision=hw.PRECISION)
    fabric.launch(main)
