"""Strategy objects and the setup of model and optimizer, as the config's `strategy` and `setup` say."""
import torch
from lightning.fabric.strategies import XLAFSDPStrategy

from model import EpochEncoder


def make_strategy(name):
    return XLAFSDPStrategy(auto_wrap_policy={EpochEncoder}) if name == "xla_fsdp" else name


def prepare(fabric, model, lr, mode):
    if mode == "joint":
        optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
        return fabric.setup(model, optimizer)
    model = fabric.setup_module(model)
    return model, fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
