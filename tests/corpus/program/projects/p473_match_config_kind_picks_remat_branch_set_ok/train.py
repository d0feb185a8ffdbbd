# expect: none
# oracle: OK
# twin: p472_match_config_kind_picks_remat_branch_list
"""python train.py: the block net under the XLA FSDP strategy config.STRATEGY names."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

import config
from model import Net
from strategies import make_strategy


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    x = torch.randn(8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=make_strategy(config.STRATEGY))
    fabric.launch(train)
