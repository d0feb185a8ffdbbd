# expect: LXF040
# oracle: RAISED TypeError: Only PyTorch DataLoader are currently supported in `setup_dataloaders`.
# flagged-in: data/__init__.py
"""python train.py: one epoch of the fruit-sugar (Brix) regressor on a TPU host."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from data import build_train
from model import BrixRegressor, SpectralBlock


def train(fabric):
    loader = fabric.setup_dataloaders(build_train())
    model = fabric.setup_module(BrixRegressor())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=3e-3))
    for step, (spectra, brix) in enumerate(loader):
        loss = F.mse_loss(model(spectra), brix)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={SpectralBlock}))
    fabric.launch(train)
