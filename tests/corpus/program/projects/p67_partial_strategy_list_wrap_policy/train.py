# expect: LXF028
# oracle: RAISED TypeError: 'list' object is not callable
# flagged-in: utils/sharding.py
import torch
from lightning.fabric import Fabric

from model import Net
from utils.sharding import Sharded


def main(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1))
    fabric.backward(model(torch.randn(2, 8, device=fabric.device)).sum())
    optimizer.step()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=Sharded(state_dict_type="sharded")).launch(main)
