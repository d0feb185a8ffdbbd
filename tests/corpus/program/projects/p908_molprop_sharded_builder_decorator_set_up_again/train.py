# expect: LXF039
# oracle: RAISED ValueError: A model should be passed only once to the `setup_module` method.
# flagged-in: train.py
"""python train.py: molecular property regressor on random fingerprints; the model builder in model.py is decorated so that it returns a module already set up for the Fabric."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from configs import RunConfig
from model import FingerprintBlock, build_model


def fingerprints(batch, bits, device):
    fp = (torch.rand(batch, bits, device=device) > 0.9).float()
    logp = fp[:, : bits // 2].sum(1) / 20 - fp[:, bits // 2 :].sum(1) / 30
    return fp, logp


def train(fabric, cfg):
    model = fabric.setup_module(build_model(fabric, cfg.model))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    for step in range(cfg.steps):
        fp, logp = fingerprints(cfg.batch_size, cfg.model.bits, fabric.device)
        loss = F.mse_loss(model(fp), logp)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: mse={loss.item():.4f}")


if __name__ == "__main__":
    cfg = RunConfig()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={FingerprintBlock}))
    fabric.launch(train, cfg)
