"""Checkpoint plumbing: the IO plugin is chosen by name."""
from lightning.fabric.plugins import TorchCheckpointIO, XLACheckpointIO

CHECKPOINT_IO = {
    "torch": TorchCheckpointIO,
    "xla": XLACheckpointIO,
}


def make_io(name):
    try:
        return CHECKPOINT_IO[name]()
    except KeyError:
        raise ValueError(f"unknown checkpoint io {name!r}; pick one of {sorted(CHECKPOINT_IO)}") from None


def save(fabric, out_dir, step, model, optimizer):
    fabric.save(f"{out_dir}/step-{step:05d}", {"model": model, "optimizer": optimizer, "step": step})
