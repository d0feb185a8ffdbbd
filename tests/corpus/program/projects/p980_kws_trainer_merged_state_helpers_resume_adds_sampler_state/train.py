# expect: LXF032
# oracle: RAISED KeyError: "The requested state contains a key 'sampler' that does not exist in the loaded checkpoint. To disable strict loading, s
# flagged-in: engine/trainer.py
"""python train.py: train the keyword spotter for an epoch, checkpoint it, and resume from that checkpoint."""
import tempfile

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from config import TrainConfig
from engine import Trainer
from model import ConvBlock


def main(fabric, ckpt_dir):
    trainer = Trainer(fabric, TrainConfig(), ckpt_dir)
    trainer.fit()
    path = trainer.save_checkpoint("epoch-1")
    trainer.resume(path)
    trainer.fit()
    fabric.print(f"step {trainer.step}, best loss {trainer.best_loss:.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ConvBlock}))
    fabric.launch(main, tempfile.mkdtemp(prefix="kws-"))
