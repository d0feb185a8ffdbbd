"""Settings shared by every hardware profile. GPU runs use autocast, so the default precision is mixed."""

DEFAULTS = {
    "precision": "bf16-mixed",
    "devices": "auto",
    "n_mels": 40,
    "frames": 32,
    "classes": 12,
    "channels": 32,
    "batch_size": 16,
    "lr": 2e-3,
    "steps": 3,
}
