"""Distributed backends the team runs on; the value is Fabric's registered strategy name."""
import enum


class Backend(enum.Enum):
    DDP = "ddp"  # GPU boxes
    XLA = "xla"  # TPU, replicated weights
    XLA_FSDP = "xla_fsdp"  # TPU, sharded weights (setup_module, then setup_optimizers)

    @property
    def accelerator(self) -> str:
        return "cuda" if self is Backend.DDP else "tpu"
