"""One `settings` object for the whole run; `configure(**overrides)` changes it before anything reads it."""


class Settings:
    def __init__(self):
        self.accelerator = "tpu"
        self.precision = "bf16-true"
        self.steps = 2
        self.lr = 3e-4
        self.grad_clip = 1.0
        self.clip_by = "norm"  # "norm" or "value"


settings = Settings()


def configure(**overrides):
    for key, value in overrides.items():
        if not hasattr(settings, key):
            raise KeyError(f"unknown setting {key!r}")
        setattr(settings, key, value)
    return settings
