# expect: none
# oracle: OK
# twin: p830_for_tpu_classmethod_cores_default_falls_back_to_one
"""python train.py: two-tower retrieval model on synthetic user/item feature vectors; the engine is built by a `for_tpu` factory."""
from config import RunConfig
from engine import RetrievalEngine

if __name__ == "__main__":
    cfg = RunConfig()
    engine = RetrievalEngine.for_tpu(cores=cfg.cores, steps=cfg.steps, lr=cfg.lr)
    engine.run()
