# expect: LXF009
# real: RAISED TypeError: The XLA strategy can only work with the `XLACheckpointIO` plugin, found <lightning.fabric.plugins.io.torch_io.TorchCheck
# findings: LXF009 error 26
"""Strategy options are kept in a dict; someone added a checkpoint IO plugin for async saving."""
import torch
import torch.nn.functional as F
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.plugins import TorchCheckpointIO
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(x))


STRATEGY_OPTIONS = dict(
    auto_wrap_policy={Block},
    state_dict_type="sharded",
    checkpoint_io=TorchCheckpointIO(),
)


def train(fabric):
    model = fabric.setup_module(nn.Sequential(nn.Linear(4, 16), Block(), nn.Linear(16, 4)))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    x = torch.randn(2, 4, device=fabric.device)
    loss = F.mse_loss(model(x), x)
    fabric.backward(loss)
    optimizer.step()
    fabric.save("ckpt", {"model": model, "optimizer": optimizer})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**STRATEGY_OPTIONS))
    fabric.launch(train)
