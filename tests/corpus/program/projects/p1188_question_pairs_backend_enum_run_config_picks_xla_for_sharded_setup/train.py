# expect: XLA003
# oracle: RAISED RuntimeError: The `XLAStrategy` requires the model and optimizer(s) to be set up jointly through `.setup(model, optimizer, ...)`.
# flagged-in: configs/run.py
"""python train.py: train the question-pair duplicate detector with the backend configs/run.py names."""
from lightning.fabric import Fabric

from configs import RUN
from qp.loop import fit


def main(run=RUN):
    fabric = Fabric(accelerator=run.backend.accelerator, strategy=run.backend.value)
    fabric.launch(fit, run)


if __name__ == "__main__":
    main()
