"""The clause classifier's settings, as the GPU cluster runs it."""

GPU = {
    "accelerator": "cuda",
    "devices": 8,
    "strategy": "fsdp",
    "precision": "bf16-mixed",
}

TRAIN = {
    "steps": 3,
    "batch_size": 16,
    "lr": 3e-4,
    "max_tokens": 64,
    "vocab": 512,
}
