"""Hyper-parameters of the run (the TPU v4 config)."""
from types import SimpleNamespace

hparams = SimpleNamespace(
    lr=1e-3,
    steps=2,
    fsdp=dict(reshard_after_forward=False, optimization_barrier_in_forward=True),
)
