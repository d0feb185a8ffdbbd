"""Hardware presets: one frozen record per machine type the team trains on."""
from dataclasses import dataclass
from typing import Optional

from lightning.fabric.plugins import XLAPrecision

__all__ = ["Preset", "GPU", "TPU"]


@dataclass(frozen=True)
class Preset:
    accelerator: str
    devices: object = "auto"
    precision: Optional[str] = None
    plugins: tuple = ()


GPU = Preset(accelerator="cuda", precision="bf16-mixed")
# bf16 weights and activations on the v3/v4 hosts; the plugin pins the XLA dtype explicitly
TPU = Preset(accelerator="tpu", plugins=(XLAPrecision("bf16-true"),))
