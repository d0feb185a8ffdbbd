# expect: none
# oracle: OK
# twin: p60_caller_decides_remat_list_policy
import torch
from lightning.fabric import Fabric

from dist import make_strategy
from model import Net


def main(fabric):
    model = fabric.setup_module(Net())
    opt = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    loss = model(torch.randn(4, 8, device=fabric.device)).sum()
    fabric.backward(loss)
    opt.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", devices=8, strategy=make_strategy(remat=True))
    fabric.launch(main)
