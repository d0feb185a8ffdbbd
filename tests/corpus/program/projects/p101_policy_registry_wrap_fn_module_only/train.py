# expect: LXF037
# oracle: RAISED TypeError: wrap_blocks() got an unexpected keyword argument 'recurse'
# flagged-in: policies/wrap.py
"""python train.py: wraps the net with the policy run_config names."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Net
from policies import WRAP_POLICIES
from run_config import RUN


def train(fabric):
    model = fabric.setup_module(Net(depth=3))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=RUN["lr"]))
    for _ in range(RUN["steps"]):
        x = torch.randn(8, 32, device=fabric.device)
        fabric.backward(F.cross_entropy(model(x), torch.randint(0, 4, (8,), device=fabric.device)))
        optimizer.step()
        optimizer.zero_grad()


def main():
    strategy = XLAFSDPStrategy(auto_wrap_policy=WRAP_POLICIES[RUN["wrap"]])
    Fabric(accelerator="tpu", strategy=strategy).launch(train)


if __name__ == "__main__":
    main()
