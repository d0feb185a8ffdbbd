"""Hyper-parameters of the run (copied from the 8xA100 config)."""
from types import SimpleNamespace

hparams = SimpleNamespace(
    lr=1e-3,
    steps=2,
    fsdp=dict(backward_prefetch=None, forward_prefetch=True),
)
