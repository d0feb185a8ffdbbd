import torch


def build_optimization(fabric, model, lr=1e-3, steps=100):
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=lr))
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=steps)
    return optimizer, scheduler
