# expect: none
# oracle: OK
# twin: p71_hardware_config_alias_bf16_mixed
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
