"""Synthetic card transactions: ~5% fraud, which is more likely at night, abroad and for large unusual amounts."""
import torch

NUM_FEATURES = 10


def transactions(n, seed=0):
    gen = torch.Generator().manual_seed(seed)
    amount = torch.distributions.LogNormal(3.0, 1.0).sample((n,))
    hour = torch.randint(0, 24, (n,), generator=gen).float()
    abroad = (torch.rand(n, generator=gen) < 0.1).float()
    merchant_risk = torch.rand(n, generator=gen)
    velocity = torch.poisson(torch.full((n,), 2.0), generator=gen)
    noise = torch.randn(n, NUM_FEATURES - 5, generator=gen)
    night = ((hour < 6) | (hour > 22)).float()
    score = 0.8 * torch.log(amount) - 5 + 1.5 * night + 2.0 * abroad + 2.5 * merchant_risk + 0.3 * velocity
    label = (torch.rand(n, generator=gen) < torch.sigmoid(score - 3)).float()
    x = torch.cat([torch.stack([torch.log1p(amount), hour / 24, abroad, merchant_risk, velocity / 5], 1), noise], 1)
    return x, label.unsqueeze(1)
