"""Named presets: the GPU baseline, and the TPU run derived from it with `dataclasses.replace`."""
from dataclasses import replace

from config import TrainConfig

GPU_BASELINE = TrainConfig()

TPU_V4 = replace(
    GPU_BASELINE,
    accelerator="tpu",
    precision="bf16-true",
    lr=3e-3,
    clip=replace(GPU_BASELINE.clip, max_norm=1.0, clip_val=None),
)

PRESETS = {"gpu": GPU_BASELINE, "tpu-v4": TPU_V4}
