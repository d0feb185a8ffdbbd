"""The precisions the project knows, by the name Fabric takes."""
import enum


class Precision(enum.Enum):
    FP32 = "32-true"
    BF16_TRUE = "bf16-true"
    BF16_MIXED = "bf16-mixed"
    FP16_MIXED = "16-mixed"
