# expect: none
# oracle: OK
# twin: p518_utils_dict_comprehension_converts_lists_config_remat_tuple
"""python train.py: utils/compat.py makes the config's layer lists sets for the strategy."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import LR, SHARDING, STEPS
from model import Net
from utils.compat import strategy_kwargs


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=LR))
    for _ in range(STEPS):
        x = torch.randn(8, 32, device=fabric.device)
        loss = F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(**strategy_kwargs(SHARDING))
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=strategy)
    fabric.launch(train)
