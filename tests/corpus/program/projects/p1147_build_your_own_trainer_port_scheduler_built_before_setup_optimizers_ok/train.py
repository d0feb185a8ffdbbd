# expect: none
# oracle: OK
# twin: p1146_build_your_own_trainer_port_state_keeps_scheduler_config
"""Train the example's MNISTModule with the custom Fabric trainer on a TPU VM (XLAFSDP), writing a checkpoint every epoch."""
import tempfile
from functools import partial

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch.optim.lr_scheduler import StepLR
from torch.utils.data import DataLoader

from mnist_module import MNISTModule, Stage, synthetic_digits
from trainer import MyCustomTrainer


def run(fabric, checkpoint_dir):
    trainer = MyCustomTrainer(
        fabric,
        max_epochs=2,
        limit_train_batches=3,
        checkpoint_dir=checkpoint_dir,
        scheduler_factory=partial(StepLR, step_size=1, gamma=0.9),
    )
    trainer.fit(MNISTModule(), DataLoader(synthetic_digits(), batch_size=8, shuffle=True))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Stage}))
    fabric.launch(run, tempfile.mkdtemp(prefix="custom-trainer-"))
