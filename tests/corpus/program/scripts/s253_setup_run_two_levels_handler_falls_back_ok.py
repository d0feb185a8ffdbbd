# expect: none
# oracle: OK
# twin: s252_setup_run_two_levels_handler_logs_and_reraises
"""python train.py: `setup_run()` -> `make_fabric()`; the entry point retries with a plain bf16 run when the mixed one is refused."""
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


def train(fabric, steps=2):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for _ in range(steps):
        x, y = torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


RUN = {"precision": "bf16-mixed", "wrap": (Block,)}


def make_fabric():
    strategy = XLAFSDPStrategy(auto_wrap_policy=set(RUN["wrap"]))
    return Fabric(accelerator="tpu", devices="auto", precision=RUN["precision"], strategy=strategy)


def setup_run():
    fabric = make_fabric()
    print(f"run: precision={RUN['precision']} wrap={[c.__name__ for c in RUN['wrap']]}")
    return fabric


def main():
    try:
        fabric = setup_run()
    except ValueError as err:
        print(f"cannot start the run: {err}; retrying with bf16-true")
        fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)


if __name__ == "__main__":
    main()
