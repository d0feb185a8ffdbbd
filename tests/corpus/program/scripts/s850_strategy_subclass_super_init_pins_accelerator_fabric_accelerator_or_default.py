# expect: LXF011
# oracle: RAISED ValueError: accelerator set through both strategy class and accelerator flag, choose one
"""Image-classifier example ported to TPU: a project strategy subclass pins the XLA accelerator; the launcher reads the device from a settings dict."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.accelerators import XLAAccelerator
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class PodFSDPStrategy(XLAFSDPStrategy):
    """XLAFSDP with the defaults our pod jobs use."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("state_dict_type", "sharded")
        super().__init__(*args, accelerator=XLAAccelerator(), **kwargs)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, 1)
        self.fc1 = nn.Linear(8 * 13 * 13, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        return F.log_softmax(self.fc1(torch.flatten(x, 1)), dim=1)


def run(fabric, hparams):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.Adadelta(model.parameters(), lr=hparams.get("lr", 1.0)))
    for _ in range(hparams.get("steps", 2)):
        data = torch.randn(4, 1, 28, 28, device=fabric.device)
        target = torch.randint(0, 10, (4,), device=fabric.device)
        loss = F.nll_loss(model(data), target)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


SETTINGS = {"accelerator": None, "devices": "auto", "lr": 1.0, "steps": 2}

if __name__ == "__main__":
    accelerator = SETTINGS.get("accelerator") or "tpu"
    fabric = Fabric(accelerator=accelerator, devices=SETTINGS["devices"], strategy=PodFSDPStrategy())
    fabric.launch(run, SETTINGS)
