# expect: LXF018
# findings: LXF018 error 42
"""The launched function takes no parameter and uses the global `fabric`: `Fabric.launch` raises
TypeError ("needs to take at least one argument"); in an XLA worker the global would not be the
launched Fabric anyway."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.utils.data import DataLoader, TensorDataset


class Regressor(nn.Module):
    def __init__(self, features=512):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(features, 2048), nn.ReLU(), nn.Linear(2048, 2048), nn.ReLU(),
                                 nn.Linear(2048, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(state_dict_type="sharded"))


def run():
    data = TensorDataset(torch.randn(65536, 512), torch.randn(65536))
    loader = fabric.setup_dataloaders(DataLoader(data, batch_size=512, shuffle=True))
    model = fabric.setup_module(Regressor())
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9))
    for epoch in range(20):
        for x, y in loader:
            loss = nn.functional.mse_loss(model(x), y)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        fabric.print(f"epoch {epoch}: {loss.item():.4f}")
    fabric.save("regressor", {"model": model, "optimizer": optimizer})


if __name__ == "__main__":
    fabric.launch(run)
