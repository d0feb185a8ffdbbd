"""AdamW with no weight decay on norms and biases."""
import torch

__all__ = ["build_optimizer", "param_groups"]


def param_groups(model, weight_decay):
    decay, no_decay = [], []
    for name, p in model.named_parameters():
        (no_decay if name.endswith("bias") or ".norm." in name else decay).append(p)
    return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]


def build_optimizer(model, lr=3e-4, weight_decay=0.1):
    return torch.optim.AdamW(param_groups(model, weight_decay), lr=lr, betas=(0.9, 0.95))
