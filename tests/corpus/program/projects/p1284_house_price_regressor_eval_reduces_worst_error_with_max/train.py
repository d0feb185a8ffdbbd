# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
# flagged-in: metrics.py
"""python train.py: residual-MLP regressor of log house prices on a synthetic housing table, validated every epoch."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.utils.data import DataLoader, TensorDataset

from config import get_config
from features import COLUMNS, Standardizer, make_table
from metrics import regression_metrics, sync_metrics
from model import PriceRegressor, ResidualMLPBlock


def run(fabric, cfg):
    fabric.seed_everything(3)
    x, y = make_table(cfg.rows)
    split = int(0.8 * cfg.rows)
    scaler = Standardizer().fit(x[:split])
    train_loader = DataLoader(TensorDataset(scaler(x[:split]), y[:split]), batch_size=cfg.batch_size, shuffle=True)
    train_loader = fabric.setup_dataloaders(train_loader)
    val_x, val_y = fabric.to_device((scaler(x[split:]), y[split:]))

    model = fabric.setup_module(PriceRegressor(len(COLUMNS), cfg.hidden, cfg.blocks, cfg.dropout))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=cfg.lr))
    target_mean = y[:split].mean().item()

    for epoch in range(cfg.epochs):
        model.train()
        for step, (xb, yb) in enumerate(train_loader):
            loss = F.smooth_l1_loss(model(xb) + target_mean, yb, beta=0.1)
            optimizer.zero_grad()
            fabric.backward(loss)
            optimizer.step()
            if step + 1 == cfg.steps_per_epoch:
                break
        model.eval()
        with torch.no_grad():
            metrics = sync_metrics(fabric, regression_metrics(model(val_x) + target_mean, val_y))
        fabric.print(f"epoch {epoch}: " + " ".join(f"{k}={v:.4f}" for k, v in metrics.items()))


if __name__ == "__main__":
    cfg = get_config()
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ResidualMLPBlock}))
    fabric.launch(run, cfg)
