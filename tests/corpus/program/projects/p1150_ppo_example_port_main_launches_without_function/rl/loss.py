"""Losses of the PPO example (rl/loss.py)."""
import torch
import torch.nn.functional as F


def policy_loss(advantages, ratio, clip_coef):
    pg_loss1 = -advantages * ratio
    pg_loss2 = -advantages * torch.clamp(ratio, 1 - clip_coef, 1 + clip_coef)
    return torch.max(pg_loss1, pg_loss2).mean()


def value_loss(new_values, returns):
    return F.mse_loss(new_values, returns)


def entropy_loss(entropy):
    return -entropy.mean()
