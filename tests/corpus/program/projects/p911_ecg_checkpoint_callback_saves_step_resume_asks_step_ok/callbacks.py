"""Callbacks for `Fabric(callbacks=[...])`; the loop fires them with `fabric.call(hook_name, **kwargs)`."""
import os


class PeriodicCheckpoint:
    def __init__(self, directory, every=100, keys=("model", "optimizer", "step")):
        self.directory = directory
        self.every = every
        self.keys = keys
        self.latest = None

    def on_train_batch_end(self, fabric, state, **_):
        if state["step"] % self.every == 0:
            path = os.path.join(self.directory, f"step-{state['step']:06d}")
            fabric.save(path, {key: state[key] for key in self.keys})
            self.latest = path

    def on_resume(self, fabric, state):
        if self.latest is None:
            return
        fabric.load(self.latest, state)
        fabric.print(f"resumed at step {state['step']} from {self.latest}")


class LossLogger:
    def on_train_batch_end(self, fabric, state, loss):
        fabric.print(f"step {state['step']}: loss {loss.item():.4f}")
