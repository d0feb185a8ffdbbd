"""An experiment: its name, its schedule and the keyword arguments of its XLA FSDP strategy."""
from dataclasses import dataclass, field


@dataclass
class Experiment:
    name: str
    steps: int = 2
    lr: float = 1e-3
    fsdp: dict = field(default_factory=dict)

    @classmethod
    def from_dict(cls, raw):
        raw = dict(raw)
        fsdp = dict(raw.pop("fsdp", {}))
        return cls(fsdp=fsdp, **raw)
