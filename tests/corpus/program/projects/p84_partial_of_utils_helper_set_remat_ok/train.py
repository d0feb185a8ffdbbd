# expect: none
# oracle: OK
# twin: p83_partial_of_utils_helper_tuple_remat
"""python train.py: the strategy helper comes from utils, specialised once for this run."""
from functools import partial

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from model import Block, Net
from utils import make_strategy

remat_strategy = partial(make_strategy, remat={Block})


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=remat_strategy(state_dict_type="full"))
    fabric.launch(train)
