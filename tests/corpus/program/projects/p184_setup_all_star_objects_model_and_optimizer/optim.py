"""The optimizer: AdamW without weight decay on norms and biases."""
import torch


def make_optimizer(model, lr=3e-4, weight_decay=0.1):
    decay, no_decay = [], []
    for name, param in model.named_parameters():
        (no_decay if name.endswith("bias") or ".norm." in name else decay).append(param)
    groups = [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
    return torch.optim.AdamW(groups, lr=lr)
