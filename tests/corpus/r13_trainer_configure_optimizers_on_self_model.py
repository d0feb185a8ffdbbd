# expect: LXF031
# real: RAISED ValueError: optimizer got an empty parameter list
# findings: LXF031 error 34
"""A port of a LightningModule-style trainer under Fabric: the model knows how to build its optimizer
(`configure_optimizers`), and the trainer asks the set-up model it keeps as `self.model` for it. The
method runs on the original module, whose parameters XLAFSDP moved into the wrapper's flat shards, so
torch refuses an optimizer over no parameters.
"""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(8, 8)
        self.head = nn.Linear(8, 1)

    def forward(self, x):
        return self.head(torch.relu(self.body(x)))

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


class Trainer:
    def __init__(self, fabric):
        self.fabric = fabric
        self.model = fabric.setup_module(Net())

    def fit(self):
        optimizer = self.fabric.setup_optimizers(self.model.configure_optimizers())
        x = torch.randn(4, 8, device=self.fabric.device)
        self.fabric.backward(self.model(x).sum())
        optimizer.step()


def train(fabric):
    Trainer(fabric).fit()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy()).launch(train)
