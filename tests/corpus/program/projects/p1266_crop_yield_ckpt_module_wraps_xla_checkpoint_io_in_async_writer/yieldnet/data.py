"""Synthetic county seasons: yield follows peak greenness and is hurt by heat during flowering."""
import torch


def county_seasons(n, weeks, weather_vars, seed):
    gen = torch.Generator().manual_seed(seed)
    t = torch.linspace(0, 1, weeks)
    peak = 0.5 + 0.4 * torch.rand(n, 1, generator=gen)
    ndvi = peak * torch.exp(-((t - 0.55) ** 2) / 0.05) + 0.03 * torch.randn(n, weeks, generator=gen)
    weather = torch.randn(n, weeks, weather_vars, generator=gen)
    heat = weather[:, 12:16, 1].clamp(min=0).mean(1)
    yield_t_ha = 2 + 8 * peak.squeeze(1) - 1.5 * heat
    return torch.cat([ndvi[..., None], weather], -1), yield_t_ha
