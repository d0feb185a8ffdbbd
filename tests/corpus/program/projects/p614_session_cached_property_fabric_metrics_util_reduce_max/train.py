# expect: LXF027
# oracle: RAISED ValueError: Currently, the XLAFSDPStrategy only supports `sum`, `mean`, `avg` for the reduce operation, got: max
# flagged-in: utils/metrics.py
"""python train.py: fit the block net on every TPU core, logging the mean and the worst replica's loss."""
from loop import fit
from session import Session

if __name__ == "__main__":
    session = Session()
    session.fabric.launch(fit)
