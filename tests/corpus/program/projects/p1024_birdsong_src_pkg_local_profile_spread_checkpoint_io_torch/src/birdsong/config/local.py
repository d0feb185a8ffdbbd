"""Single-host runs on the TPU VM; checkpoints as plain torch files so the analysis notebook can read them."""
from . import base

FABRIC = {**base.FABRIC}

CHECKPOINT = {**base.CHECKPOINT, "io": "torch", "every": 1}

OPTIM = {**base.OPTIM, "steps": 2}
