"""Noisy/clean magnitude spectrogram pairs drawn on the fly (no dataset download)."""

CONFIG = {
    "data": {"batch_size": 8, "frames": 20, "noise_std": 0.3, "seed": 11},
}
