"""Single-host runs on the TPU VM; a checkpoint after every step."""
from . import base

FABRIC = {**base.FABRIC}

CHECKPOINT = {**base.CHECKPOINT, "io": "xla", "every": 1}

OPTIM = {**base.OPTIM, "steps": 2}
