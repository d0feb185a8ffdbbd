import contextlib
import os


@contextlib.contextmanager
def checkpoint_on_exit(fabric, trainer, root):
    """Run the block; if it finishes, save `trainer.checkpoint_state()` under root/step-N."""
    yield
    path = os.path.join(root, f"step-{trainer.global_step:05d}")
    fabric.save(path, trainer.checkpoint_state())
    fabric.print(f"saved {sorted(trainer.checkpoint_state())} to {path}")
