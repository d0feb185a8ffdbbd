# expect: LXF036
# oracle: RAISED AttributeError: You marked 'encode_queries' as a forward method, but `DualEncoder.encode_queries` does not exist or is not a method.
# flagged-in: models/dual_encoder.py
"""python train.py: contrastive recipe <-> ingredient-list retrieval; a callback reports recall@1 after fitting."""
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

import models
from engine import RecallCallback, Trainer

MODEL = "dual_encoder"


def main(fabric):
    spec = models.get(MODEL)
    trainer = Trainer(fabric, spec, callbacks=[RecallCallback(n_queries=16)])
    trainer.fit(steps=3)


if __name__ == "__main__":
    block = models.get(MODEL).wrap_block
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={block}))
    fabric.launch(main)
