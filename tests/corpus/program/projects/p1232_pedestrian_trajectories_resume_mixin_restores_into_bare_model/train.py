# expect: LXF022
# oracle: RAISED NotImplementedError: Loading a single module or optimizer object from a checkpoint is not supported yet with the XLAFSDP strategy.
# flagged-in: trajkit/mixins.py
"""python train.py: pedestrian trajectory forecasting: pretrain on synthetic constant-velocity walks, then fine-tune
on curved walks, resuming the model weights from the pretraining checkpoint."""
import tempfile

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from trajkit import *  # noqa: F403
from trajkit.model import MotionBlock


def two_phases(fabric, workdir):
    pretrain = PretrainTrainer(fabric, workdir, curvature=0.0)  # noqa: F405
    last = pretrain.fit()
    finetune = FinetuneTrainer(fabric, workdir, curvature=0.3, resume_from=last)  # noqa: F405
    finetune.fit()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={MotionBlock}))
    fabric.launch(two_phases, tempfile.mkdtemp(prefix="traj-"))
