# expect: none
# oracle: OK
# twin: p1010_house_prices_config_from_dict_dir_keys_become_paths_save
"""python train.py: fit the house price regressor with XLA FSDP and keep the last checkpoint."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from experiment.checkpoint import save_last
from experiment.config import default_config
from model import Layer, PriceRegressor, listings


def fit(fabric, cfg):
    d = cfg.data
    model = fabric.setup_module(PriceRegressor(d.n_features, cfg.model.hidden, cfg.model.depth))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.optim.lr))
    gen = torch.Generator().manual_seed(7)
    for step in range(d.steps):
        x, y = listings(d.batch, d.n_features, gen)
        loss = F.huber_loss(model(x.to(fabric.device)), y.to(fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    path = save_last(fabric, cfg.io, model, optimizer, d.steps)
    fabric.print(f"loss {loss.item():.4f}, saved to {path}")


def main(cfg):
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Layer}))
    fabric.launch(fit, cfg)


if __name__ == "__main__":
    main(default_config().merge({"optim": {"lr": 3e-3}}))
