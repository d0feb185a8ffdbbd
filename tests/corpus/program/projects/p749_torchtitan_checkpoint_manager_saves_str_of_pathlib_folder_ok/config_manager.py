"""torchtitan's JobConfig, trimmed: dataclass sections filled from `--section.field value` flags."""
import argparse
from dataclasses import dataclass, field, fields
from pathlib import Path


@dataclass
class Job:
    description: str = "default job"
    dump_folder: Path = Path("./outputs")


@dataclass
class Model:
    name: str = "llama3"
    flavor: str = "debugmodel"


@dataclass
class Training:
    batch_size: int = 4
    seq_len: int = 16
    steps: int = 2
    max_norm: float = 1.0
    lr: float = 8e-4


@dataclass
class Checkpoint:
    enable_checkpoint: bool = True
    folder: str = "checkpoint"
    interval: int = 2


@dataclass
class ActivationCheckpoint:
    mode: str = "selective"  # "none", "selective" or "full"


@dataclass
class JobConfig:
    job: Job = field(default_factory=Job)
    model: Model = field(default_factory=Model)
    training: Training = field(default_factory=Training)
    checkpoint: Checkpoint = field(default_factory=Checkpoint)
    activation_checkpoint: ActivationCheckpoint = field(default_factory=ActivationCheckpoint)

    @classmethod
    def parse_args(cls, args_list=None) -> "JobConfig":
        config = cls()
        parser = argparse.ArgumentParser(description="torchtitan arg parser.")
        for section in fields(config):
            for f in fields(getattr(config, section.name)):
                default = getattr(getattr(config, section.name), f.name)
                parser.add_argument(f"--{section.name}.{f.name}", type=type(default), default=default)
        for key, value in vars(parser.parse_args(args_list)).items():
            section, name = key.split(".", 1)
            setattr(getattr(config, section), name, value)
        return config
