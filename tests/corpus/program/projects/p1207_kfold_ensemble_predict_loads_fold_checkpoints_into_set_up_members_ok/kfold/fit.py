"""Train one fold, evaluate it on its held-out part, save it to its own checkpoint directory."""
import os

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

from kfold.model import build_model


def fit_fold(fabric, cfg, x, y, train_idx, val_idx, fold, out_dir):
    loader = fabric.setup_dataloaders(DataLoader(TensorDataset(x[train_idx], y[train_idx]), batch_size=cfg["batch_size"], shuffle=True))
    model = fabric.setup_module(build_model(cfg))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=cfg["lr"]))
    for _ in range(cfg["epochs"]):
        for xb, yb in loader:
            loss = F.cross_entropy(model(xb), yb)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
    with torch.no_grad():
        acc = (model(x[val_idx].to(fabric.device)).argmax(-1).cpu() == y[val_idx]).float().mean().item()
    path = os.path.join(out_dir, f"fold_{fold}")
    fabric.save(path, {"model": model, "optimizer": optimizer, "fold": fold, "val_acc": acc})
    fabric.print(f"fold {fold}: loss {loss.item():.4f} val acc {acc:.3f}")
    return path, acc
