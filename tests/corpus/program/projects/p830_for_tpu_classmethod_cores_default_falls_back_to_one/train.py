# expect: LXF041
# oracle: RAISED NotImplementedError: The XLAFSDPStrategy does not support running on a single device with the PjRT runtime. Try using all devices or the `Sin
# flagged-in: engine.py
"""python train.py: two-tower retrieval model on synthetic user/item feature vectors; the engine is built by a `for_tpu` factory."""
from config import RunConfig
from engine import RetrievalEngine

if __name__ == "__main__":
    cfg = RunConfig()
    engine = RetrievalEngine.for_tpu(cores=cfg.cores, steps=cfg.steps, lr=cfg.lr)
    engine.run()
