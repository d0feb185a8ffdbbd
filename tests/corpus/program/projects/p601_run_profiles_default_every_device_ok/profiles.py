"""Run profiles: how many TPU cores and how long each kind of run takes."""
from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True)
class Profile:
    devices: Union[int, str]
    steps: int
    log_every: int


PROFILES = {
    "debug": Profile(devices="auto", steps=2, log_every=1),
    "full": Profile(devices="auto", steps=1000, log_every=50),
}
DEFAULT_PROFILE = "debug"
