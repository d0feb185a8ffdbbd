# expect: none
# oracle: OK
# twin: p1170_review_stars_scripts_package_finetune_warm_starts_full_checkpoint_after_setup
"""python train.py: export a stand-in pretrained encoder, then run scripts/finetune.py on the TPU host."""
import tempfile

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import reviewstars.checkpoint as ckpt
import scripts.finetune as finetune
from reviewstars import EncoderLayer, presets

if __name__ == "__main__":
    pretrained = ckpt.export_pretrained(tempfile.mkdtemp(prefix="reviewstars_"))
    strategy = XLAFSDPStrategy(
        auto_wrap_policy={EncoderLayer},
        state_dict_type=presets.FINETUNE["state_dict_type"],
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(finetune.main, pretrained)
