# expect: none
# oracle: OK
# twin: s50_strategy_name_from_f_string_unregistered
"""The backend and the sharding are settings of their own; the strategy's name joins them."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
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


class Settings:
    backend = "xla"
    sharding = "fsdp"

    @property
    def strategy(self):
        return f"{self.backend}_{self.sharding}"


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(8, 32, device=fabric.device)
    fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
    optimizer.step()


if __name__ == "__main__":
    settings = Settings()
    fabric = Fabric(accelerator="tpu", strategy=settings.strategy)
    fabric.launch(train)
