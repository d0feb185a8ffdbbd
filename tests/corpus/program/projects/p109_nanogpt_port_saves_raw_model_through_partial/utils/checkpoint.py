import os
from functools import partial


def checkpoint_saver(fabric, out_dir: str):
    """`save(state)` writes the run's one checkpoint, `<out_dir>/ckpt`, overwriting the last one."""
    os.makedirs(out_dir, exist_ok=True)
    return partial(fabric.save, os.path.join(out_dir, "ckpt"))
