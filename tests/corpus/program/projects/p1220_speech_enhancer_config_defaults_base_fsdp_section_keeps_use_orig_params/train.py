# expect: LXF038
# oracle: RAISED TypeError: XlaFullyShardedDataParallel.__init__() got an unexpected keyword argument 'use_orig_params'
# flagged-in: configs/base.py
"""python train.py [a.b=c ...]: train the spectral-mask speech enhancer on TPU; the run config is composed from
configs/ (defaults list below, later modules win) and dotted overrides from the command line."""
import sys

from configs import compose
from trainers import BaseTrainer, fit

DEFAULTS = ["base", "data_synthetic", "tpu"]


def main(argv):
    cfg = compose(DEFAULTS, overrides=argv)
    trainer_cls = BaseTrainer.registry[cfg["trainer"]["kind"]]
    fabric = trainer_cls.build_fabric(cfg)
    fabric.launch(fit, trainer_cls, cfg)


if __name__ == "__main__":
    main(sys.argv[1:])
