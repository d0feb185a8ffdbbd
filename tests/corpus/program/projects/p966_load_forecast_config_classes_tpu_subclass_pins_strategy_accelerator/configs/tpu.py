"""TPU targets: a v4-8 host, and a shorter smoke run of the same setup."""
from configs.base import BaseConfig


class TPUConfig(BaseConfig):
    accelerator = "tpu"
    precision = "bf16-true"
    strategy_owns_accelerator = True
    hidden = 64


class TPUSmokeConfig(TPUConfig):
    steps = 2
