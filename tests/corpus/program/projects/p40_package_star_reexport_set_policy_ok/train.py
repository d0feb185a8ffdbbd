# expect: none
# oracle: OK
# twin: p39_package_star_reexport_list_policy
"""python train.py"""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from trainer import Net, build_strategy


def train(fabric):
    model = fabric.setup_module(Net(depth=4))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(remat=True))
    fabric.launch(train)
