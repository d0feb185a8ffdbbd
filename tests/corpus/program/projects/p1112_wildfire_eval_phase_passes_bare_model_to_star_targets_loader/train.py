# expect: LXF022
# oracle: RAISED NotImplementedError: Loading a single module or optimizer object from a checkpoint is not supported yet with the XLAFSDP strategy.
# flagged-in: engine/phases.py
"""python train.py: fit the wildfire-spread model under XLA FSDP, then score a copy restored from its checkpoint."""
import os
import tempfile

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from engine.phases import fit, score
from model import SpreadBlock


def run(fabric, run_dir, steps):
    path = os.path.join(run_dir, "firenet")
    fit(fabric, path, steps)
    fabric.print(f"restored model IoU: {score(fabric, path):.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={SpreadBlock}))
    fabric.launch(run, tempfile.mkdtemp(prefix="firenet-"), 3)
