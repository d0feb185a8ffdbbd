"""The run's configuration: attrs classes, one per concern."""
import attrs

from .optim import OptimConfig


@attrs.define
class RunConfig:
    steps: int = 2
    batch_size: int = 8
    optim: OptimConfig = attrs.field(factory=OptimConfig)
