# expect: LXF023
# oracle: RAISED ValueError: Could not find a XLAFSDP model in the provided checkpoint state. Please provide the model as part of the state like so: 
# flagged-in: src/yieldnet/mixins.py
"""Entry point of the crop-yield regressor (src/ layout, run from a checkout): python train.py."""
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "src"))

from lightning.fabric import Fabric  # noqa: E402
from lightning.fabric.strategies import XLAFSDPStrategy  # noqa: E402

import yieldnet  # noqa: E402


def run(fabric, out_dir):
    trainer = yieldnet.TPUTrainer(fabric, yieldnet.Hparams(), out_dir)
    trainer.fit()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy={yieldnet.FieldBlock}, state_dict_type="sharded")
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(run, tempfile.mkdtemp(prefix="yield-"))
