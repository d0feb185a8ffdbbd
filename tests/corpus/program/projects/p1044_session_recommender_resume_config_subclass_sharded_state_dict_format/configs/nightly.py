from dataclasses import dataclass

from configs.base import TrainConfig


@dataclass
class NightlyResumeConfig(TrainConfig):
    """The nightly job: a few more steps, then save and reload to prove resumption works."""

    steps: int = 4
    checkpoint_format: str = "sharded_state_dict"
    resume_check: bool = True
