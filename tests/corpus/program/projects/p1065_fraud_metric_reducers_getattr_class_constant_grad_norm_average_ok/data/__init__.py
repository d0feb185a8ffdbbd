"""Synthetic card transactions: a few numeric features, a rare positive class."""
import torch


def transactions(n: int, features: int, device, fraud_rate: float = 0.1):
    x = torch.randn(n, features)
    y = (torch.rand(n) < fraud_rate).float()
    x[:, 0] += 3.0 * y  # fraudulent amounts run high
    return x.to(device), y.to(device)
