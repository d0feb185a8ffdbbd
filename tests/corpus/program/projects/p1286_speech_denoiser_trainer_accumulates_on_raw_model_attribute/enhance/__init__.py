"""Waveform speech enhancement: a small masking network trained on synthetic noisy mixtures."""
