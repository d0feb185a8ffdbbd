"""Fine-tuning on a new writer: lower learning rate, tighter gradient clipping."""

OVERRIDES = {
    "optim": {"lr": 2e-4, "steps": 2},
    "clip": {"max_norm": 0.25},
}
