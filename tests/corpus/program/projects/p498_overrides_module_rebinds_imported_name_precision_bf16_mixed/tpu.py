"""The TPU's settings: the chips compute in bfloat16 without autocast."""
from config import PRECISION  # noqa: F401

PRECISION = "bf16-true"
