"""Overwrites one sharded 'last' checkpoint at the end of every epoch."""
import shutil


class LastCheckpoint:
    def __init__(self, path):
        self.path = path

    def on_epoch_end(self, fabric, model, optimizer, epoch, step, **_):
        if fabric.is_global_zero:
            shutil.rmtree(self.path, ignore_errors=True)
        fabric.barrier()
        state = {"model": model, "optimizer": optimizer, "step": step}
        fabric.save(self.path, state)
