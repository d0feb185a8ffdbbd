"""What every backend starts from: the GPU settings the project was first written for."""

BASE = {
    "fabric": {"accelerator": "cuda", "devices": "auto", "precision": "16-mixed"},
    "train": {"steps": 2, "lr": 3e-4, "batch_size": 8},
}
