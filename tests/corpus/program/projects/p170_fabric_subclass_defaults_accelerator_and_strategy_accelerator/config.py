"""Run settings as plain dicts: BASE is shared by every run, RUN is what this run changes."""
BASE = {
    "precision": "32-true",
    "steps": 2,
    "lr": 3e-4,
    "batch_size": 8,
}

RUN = dict(BASE)
RUN.update({"precision": "bf16-true", "steps": 2})
