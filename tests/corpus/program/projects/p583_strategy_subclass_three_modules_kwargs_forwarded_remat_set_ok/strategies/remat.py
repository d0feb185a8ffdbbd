"""Also recomputes the activations of the given layers (all wrapped layers by default) in backward."""
from strategies.wrapped import WrappedXLAFSDP


class RematXLAFSDP(WrappedXLAFSDP):
    def __init__(self, layers, remat_layers=None, **kwargs):
        super().__init__(layers, activation_checkpointing_policy=set(remat_layers or layers), **kwargs)
