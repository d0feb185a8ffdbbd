"""Maps TrainingArguments onto Fabric precision plugins."""
from typing import Protocol

from lightning.fabric.plugins import XLAPrecision


class HasPrecisionArgs(Protocol):
    bf16: bool
    half_precision_backend: str


def precision_plugins(args: HasPrecisionArgs):
    backend = (args.half_precision_backend or "auto").lower()
    if args.bf16 and backend == "xla":
        return [XLAPrecision("bf16-true")]
    return []
