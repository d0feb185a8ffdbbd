"""Set-up and checkpoint bookkeeping around a training block."""
import contextlib
import os


@contextlib.contextmanager
def sharded_session(fabric, model, make_optimizer, ckpt_dir):
    """Sets up `model` and an optimizer over its shards, yields them with a progress dict, and saves on the way out."""
    module = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(make_optimizer(module.parameters()))
    progress = {"step": 0}
    yield module, optimizer, progress
    path = os.path.join(ckpt_dir, f"step-{progress['step']:05d}")
    fabric.save(path, {"model": model, "optimizer": optimizer, **progress})
    fabric.print(f"saved {path}")
