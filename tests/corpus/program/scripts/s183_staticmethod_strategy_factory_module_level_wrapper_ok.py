# expect: none
# oracle: OK
# twin: s182_staticmethod_strategy_factory_lambda_wrapper
"""python script.py: the strategies a run may use are static factory methods of one class."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module


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


def checkpointed_fsdp(module, *args, **kwargs):
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


class Strategies:
    @staticmethod
    def sharded():
        return XLAFSDPStrategy(auto_wrap_policy={Block}, state_dict_type="sharded")

    @staticmethod
    def checkpointed():
        return XLAFSDPStrategy(
            auto_wrap_policy={Block},
            auto_wrapper_callable=checkpointed_fsdp,
            state_dict_type="sharded",
        )


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=Strategies.checkpointed())
    fabric.launch(train)
