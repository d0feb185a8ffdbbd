"""The names the project accepts, as string enums: a member compares equal to its string and `.value` is it."""
from enum import StrEnum


class Accelerator(StrEnum):
    TPU = "tpu"
    CPU = "cpu"


class Precision(StrEnum):
    BF16_TRUE = "bf16-true"
    FP32_TRUE = "32-true"
