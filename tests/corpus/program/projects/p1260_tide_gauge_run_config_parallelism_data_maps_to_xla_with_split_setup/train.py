# expect: XLA003
# oracle: RAISED RuntimeError: The `XLAStrategy` requires the model and optimizer(s) to be set up jointly through `.setup(model, optimizer, ...)`.
# flagged-in: config.py
"""python train.py: fit the tide-gauge forecaster on the TPU VM with the settings of config.RUN."""
from config import RUN
from tides.engine import fit
from utils.dist import make_fabric


def main(cfg=RUN):
    fabric = make_fabric(cfg)
    fabric.launch(fit, cfg)


if __name__ == "__main__":
    main()
