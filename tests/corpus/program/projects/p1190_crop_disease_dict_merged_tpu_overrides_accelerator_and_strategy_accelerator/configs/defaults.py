"""Defaults shared by every machine type."""

FABRIC = {
    "accelerator": "auto",
    "devices": "auto",
    "precision": "32-true",
}

TRAIN = {"steps": 3, "lr": 1e-3, "batch_size": 16}
