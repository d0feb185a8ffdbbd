# expect: LXF019
# oracle: RAISED RuntimeError: Accessing the XLA device before processes have spawned is not allowed.
"""python train.py: an Experiment's run method makes a fixed probe batch on the device, then launches its worker method."""
import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Experiment:
    def __init__(self, dim: int = 16, steps: int = 2):
        self.dim = dim
        self.steps = steps
        self.fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))

    def worker(self, fabric):
        model = fabric.setup_module(nn.Sequential(nn.Linear(self.dim, self.dim), nn.GELU(), nn.Linear(self.dim, 1)))
        optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.01))
        for _ in range(self.steps):
            loss = model(fabric.to_device(self.probe)).pow(2).mean()
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()

    def run(self):
        torch.manual_seed(0)
        self.probe = torch.randn(4, self.dim, device=self.fabric.device)
        self.fabric.launch(self.worker)


if __name__ == "__main__":
    Experiment().run()
