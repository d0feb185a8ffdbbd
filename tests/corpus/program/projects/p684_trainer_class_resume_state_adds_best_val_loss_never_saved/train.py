# expect: LXF032
# oracle: RAISED KeyError: "The requested state contains a key 'best_val_loss' that does not exist in the loaded checkpoint. To disable strict load
# flagged-in: trainer.py
"""python train.py: trains twice in a row; the second run resumes from the first one's checkpoint."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block
from trainer import Trainer


def main(fabric, runs=2):
    for run in range(runs):
        Trainer(fabric, max_iters=2 * (run + 1)).fit()


if __name__ == "__main__":
    Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block})).launch(main)
