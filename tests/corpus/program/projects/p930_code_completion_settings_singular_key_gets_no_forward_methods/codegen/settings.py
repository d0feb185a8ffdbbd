"""Settings of the code-completion run (kept as plain dicts so they can be dumped to the run log)."""
MODEL = {"vocab": 64, "dim": 32, "context": 24}
OPTIM = {"lr": 2e-3, "betas": (0.9, 0.95), "steps": 3}
SAMPLING = {"forward_method": "complete", "max_new_tokens": 6}
