"""Periodic checkpoints: the trainer registers what to save once, then asks after every step."""
import os


class Checkpointer:
    def __init__(self, fabric, out_dir, every=1):
        self.fabric = fabric
        self.out_dir = out_dir
        self.every = every
        self.state = {}

    def track(self, **objects):
        self.state.update(objects)

    def maybe_save(self, step):
        if (step + 1) % self.every:
            return
        path = os.path.join(self.out_dir, f"step-{step:06d}")
        self.fabric.save(path, {**self.state, "step": step})
        self.fabric.print(f"saved {path}")
