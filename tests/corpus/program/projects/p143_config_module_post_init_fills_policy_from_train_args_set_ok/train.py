# expect: none
# oracle: OK
# twin: p142_config_module_post_init_fills_policy_from_train_args
"""python train.py: the settings class lives in config.py; the run passes the layers to recompute."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import FSDPSettings
from model import Block, Net


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    settings = FSDPSettings(remat_layers={Block})
    strategy = XLAFSDPStrategy(auto_wrap_policy=settings.wrap, activation_checkpointing_policy=settings.checkpoint_policy)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
