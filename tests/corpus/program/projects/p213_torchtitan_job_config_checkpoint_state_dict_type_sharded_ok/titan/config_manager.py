"""torchtitan-style job config: one dataclass per section, overridden by `--section.key=value` arguments."""
import sys
from dataclasses import dataclass, field, fields


@dataclass
class Job:
    description: str = "tiny transformer on a TPU pod"
    seed: int = 0


@dataclass
class Training:
    steps: int = 2
    batch_size: int = 4
    seq_len: int = 16
    lr: float = 8e-4


@dataclass
class Checkpoint:
    enable_checkpoint: bool = True
    folder: str = ""
    interval: int = 2
    # "sharded": one shard per rank, as a distributed checkpoint (DCP) keeps them
    state_dict_type: str = "sharded"


@dataclass
class JobConfig:
    job: Job = field(default_factory=Job)
    training: Training = field(default_factory=Training)
    checkpoint: Checkpoint = field(default_factory=Checkpoint)


class ConfigManager:
    def __init__(self):
        self.config = JobConfig()

    def parse_args(self, args=None) -> JobConfig:
        for arg in sys.argv[1:] if args is None else args:
            dotted, value = arg.lstrip("-").split("=", 1)
            section_name, key = dotted.split(".", 1)
            section = getattr(self.config, section_name)
            kind = {f.name: f.type for f in fields(section)}[key]
            setattr(section, key, value.lower() == "true" if kind in (bool, "bool") else type(getattr(section, key))(value))
        return self.config
