# expect: none
# oracle: OK
# twin: p614_session_cached_property_fabric_metrics_util_reduce_max
"""python train.py: fit the block net on every TPU core, logging the mean and the worst replica's loss."""
from loop import fit
from session import Session

if __name__ == "__main__":
    session = Session()
    session.fabric.launch(fit)
