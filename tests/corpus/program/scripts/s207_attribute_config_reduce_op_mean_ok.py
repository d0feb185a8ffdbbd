# expect: none
# oracle: OK
# twin: s206_attribute_config_reduce_op_max
"""python train.py: settings are read as attributes of a config object that looks them up in a dict."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class Net(nn.Module):
    def __init__(self, dim=32, depth=2):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        return self.head(self.blocks(x))



class Config:
    """Attribute access over a plain dict, the way many research scripts keep their hyperparameters."""

    def __init__(self, **values):
        self.__dict__["_values"] = dict(values)

    def __getattr__(self, name):
        if name.startswith("__"):  # pickling asks for __setstate__ before __init__ has run
            raise AttributeError(name)
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        self._values[name] = value


def train(fabric, cfg):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg.lr))
    for _ in range(cfg.steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        worst = fabric.all_reduce(loss.detach(), reduce_op=cfg.loss_reduce)
        fabric.print(f"loss {worst.item():.3f}")


if __name__ == "__main__":
    cfg = Config(lr=1e-3, steps=2)
    cfg.loss_reduce = "mean"
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train, cfg)
