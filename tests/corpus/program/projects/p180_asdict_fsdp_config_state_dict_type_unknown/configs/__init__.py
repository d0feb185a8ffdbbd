from .experiment import ExperimentConfig
from .fsdp import FSDPConfig

__all__ = ["ExperimentConfig", "FSDPConfig"]
