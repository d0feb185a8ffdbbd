"""Synthetic utterances: each speaker has a characteristic MFCC mean."""
import torch

from model import MFCC


def micro_batches(count, device, batch=8, frames=30, speakers=10):
    centers = torch.randn(speakers, MFCC, device=device)
    for _ in range(count):
        speaker = torch.randint(0, speakers, (batch,), device=device)
        mfcc = centers[speaker].unsqueeze(1) + 0.5 * torch.randn(batch, frames, MFCC, device=device)
        yield mfcc, speaker
