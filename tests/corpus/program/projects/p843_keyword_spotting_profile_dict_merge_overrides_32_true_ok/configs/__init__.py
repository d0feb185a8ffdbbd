"""Hardware profiles; `resolve(name, **overrides)` layers command-line style overrides on top of one."""
from configs.gpu import GPU
from configs.tpu import TPU

PROFILES = {"gpu": GPU, "tpu": TPU}


def resolve(name, **overrides):
    return {**PROFILES[name], **overrides}
