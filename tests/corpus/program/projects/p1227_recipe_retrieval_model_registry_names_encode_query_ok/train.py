# expect: none
# oracle: OK
# twin: p1226_recipe_retrieval_model_registry_names_missing_encode_method
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
