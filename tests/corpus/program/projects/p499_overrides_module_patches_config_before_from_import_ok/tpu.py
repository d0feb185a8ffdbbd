"""The TPU's settings: the chips compute in bfloat16 without autocast."""
import config

config.PRECISION = "bf16-true"
