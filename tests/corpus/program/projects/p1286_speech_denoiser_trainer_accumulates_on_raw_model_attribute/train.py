# expect: LXF004
# oracle: RAISED TypeError: You need to set up the model first before you can call `fabric.no_backward_sync()`: `model = fabric.setup(model, ...)`
# flagged-in: enhance/trainer.py
"""python train.py: train the waveform denoiser with gradient accumulation on a TPU VM (XLA FSDP)."""
from dataclasses import dataclass

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from enhance.model import TemporalBlock
from enhance.trainer import Trainer


@dataclass
class Config:
    filters: int = 32
    kernel: int = 16
    blocks: int = 3
    lr: float = 1e-3
    micro_batch: int = 8
    accumulate: int = 2
    max_norm: float = 5.0
    steps: int = 3
    seed: int = 0


def main(fabric, cfg):
    history = Trainer(fabric, cfg).fit()
    fabric.print(f"best SI-SNR {max(history):.2f} dB over {len(history)} steps")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={TemporalBlock}))
    fabric.launch(main, Config())
