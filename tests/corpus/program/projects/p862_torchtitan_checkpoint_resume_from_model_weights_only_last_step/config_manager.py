"""torchtitan/config_manager.py, trimmed: the JobConfig sections and a `--section.key=value` parser."""
import dataclasses
import sys
from dataclasses import dataclass, field
from typing import get_type_hints


@dataclass
class Job:
    dump_folder: str = "./torchtitan/outputs"
    description: str = "default job"


@dataclass
class Model:
    name: str = "llama3"
    flavor: str = "debugmodel"


@dataclass
class Optimizer:
    name: str = "AdamW"
    lr: float = 8e-4
    eps: float = 1e-8


@dataclass
class LRScheduler:
    warmup_steps: int = 200


@dataclass
class Training:
    batch_size: int = 8
    seq_len: int = 2048
    max_norm: float = 1.0
    steps: int = 10000
    seed: int = 0


@dataclass
class ActivationCheckpoint:
    mode: str = "selective"  # "none", "full" or "selective"


@dataclass
class Checkpoint:
    enable_checkpoint: bool = False
    folder: str = "checkpoint"
    interval: int = 500
    model_weights_only: bool = False
    """When model_weights_only=True, only model weights will be saved at the end of training."""
    exclude_from_loading: list = field(default_factory=list)
    """Exclude specific keys from being loaded from the checkpoint, e.g. 'optimizer,lr_scheduler'."""


@dataclass
class JobConfig:
    job: Job = field(default_factory=Job)
    model: Model = field(default_factory=Model)
    optimizer: Optimizer = field(default_factory=Optimizer)
    lr_scheduler: LRScheduler = field(default_factory=LRScheduler)
    training: Training = field(default_factory=Training)
    activation_checkpoint: ActivationCheckpoint = field(default_factory=ActivationCheckpoint)
    checkpoint: Checkpoint = field(default_factory=Checkpoint)


class ConfigManager:
    """Builds a JobConfig from the defaults above and `--section.key[=value]` command-line overrides."""

    def __init__(self, config_cls: type = JobConfig) -> None:
        self.config_cls = config_cls

    def parse_args(self, args: list[str] = sys.argv[1:]) -> JobConfig:
        config = self.config_cls()
        for arg in args:
            key, has_value, raw = arg.removeprefix("--").partition("=")
            section_name, _, field_name = key.partition(".")
            section = getattr(config, section_name)
            field_type = get_type_hints(type(section))[field_name]
            if field_type is bool:
                value = raw.lower() in ("1", "true", "yes") if has_value else True
            elif field_type is list:
                value = [item for item in raw.split(",") if item]
            else:
                value = field_type(raw)
            setattr(config, section_name, dataclasses.replace(section, **{field_name: value}))
        return config
