from dataclasses import dataclass, fields


@dataclass
class MetaArgs:
    ways: int = 5
    shots: int = 1
    meta_lr: float = 0.003
    fast_lr: float = 0.5
    adaptation_steps: int = 1
    meta_batch_size: int = 2
    iterations: int = 1
    accelerator: str = "tpu"
    strategy: str = "ddp"  # what the upstream example uses
    fsdp: bool = True

    @classmethod
    def from_dict(cls, d):
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})
