"""Synthetic 'speech' (harmonic chirps with a syllable envelope) mixed with white and hum noise at a random SNR."""
import math

import torch


def harmonic_chirp(n, length, sample_rate, generator):
    t = torch.arange(length) / sample_rate
    f0 = 100 + 120 * torch.rand(n, 1, generator=generator)
    glide = 1 + 0.3 * torch.rand(n, 1, generator=generator) * t
    wave = sum(torch.sin(2 * math.pi * k * f0 * glide * t) / k for k in range(1, 4))
    envelope = torch.sin(math.pi * 4 * t).abs()
    return wave * envelope


def noisy_batch(n, length=2048, sample_rate=8000, generator=None):
    clean = harmonic_chirp(n, length, sample_rate, generator)
    t = torch.arange(length) / sample_rate
    noise = 0.3 * torch.randn(n, length, generator=generator) + 0.2 * torch.sin(2 * math.pi * 50 * t)
    snr_db = 5 * torch.rand(n, 1, generator=generator)
    scale = clean.pow(2).mean(1, keepdim=True).sqrt() / (noise.pow(2).mean(1, keepdim=True).sqrt() * 10 ** (snr_db / 20))
    return (clean + scale * noise).unsqueeze(1), clean.unsqueeze(1)


def si_snr(estimate, target, eps=1e-8):
    target = target - target.mean(-1, keepdim=True)
    estimate = estimate - estimate.mean(-1, keepdim=True)
    proj = (estimate * target).sum(-1, keepdim=True) * target / (target.pow(2).sum(-1, keepdim=True) + eps)
    noise = estimate - proj
    return 10 * torch.log10(proj.pow(2).sum(-1) / (noise.pow(2).sum(-1) + eps) + eps)
