CONFIG = {
    "model": "models.mlp_mixer",
    "model_args": {"tokens": 16, "dim": 32, "depth": 2, "classes": 4, "remat": True},
    "precision": "bf16-true",
    "lr": 1e-3,
    "steps": 2,
}
