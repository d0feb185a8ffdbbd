"""Shared defaults for every run of the enhancer (GPU and TPU)."""

CONFIG = {
    "model": {"n_freq": 64, "hidden": 96, "depth": 2},
    "optim": {"lr": 2e-3, "weight_decay": 0.01},
    "loop": {"steps": 3, "log_every": 1},
    "trainer": {"kind": "gpu"},
    "fsdp": {},
}
