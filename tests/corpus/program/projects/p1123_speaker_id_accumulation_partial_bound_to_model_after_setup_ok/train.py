# expect: none
# oracle: OK
# twin: p1122_speaker_id_accumulation_partial_bound_to_model_before_setup
"""python train.py: speaker identification from MFCC frames on TPU with gradient accumulation over micro-batches."""
import functools

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from data import micro_batches
from engine import accumulation_step
from model import SpeakerEncoder

ACCUMULATE = 2


def train(fabric):
    model = SpeakerEncoder(num_speakers=10)
    model = fabric.setup_module(model)
    step = functools.partial(accumulation_step, fabric, model)
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9))
    for i, (mfcc, speaker) in enumerate(micro_batches(4, fabric.device)):
        boundary = (i + 1) % ACCUMULATE == 0
        loss = step(optimizer, mfcc, speaker, boundary=boundary)
        if boundary:
            fabric.print(f"update {(i + 1) // ACCUMULATE}: loss {loss:.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
