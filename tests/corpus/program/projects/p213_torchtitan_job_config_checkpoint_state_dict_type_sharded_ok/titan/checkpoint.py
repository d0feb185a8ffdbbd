"""`CheckpointManager`: save every `interval` steps, and load the latest step back."""
import os
import tempfile


class CheckpointManager:
    def __init__(self, fabric, states, ckpt_config):
        self.fabric = fabric
        self.states = states
        self.config = ckpt_config
        self.folder = ckpt_config.folder or tempfile.mkdtemp(prefix="titan-ckpt-")

    def _path(self, step):
        return os.path.join(self.folder, f"step-{step}")

    def save(self, step):
        if self.config.enable_checkpoint and step % self.config.interval == 0:
            self.fabric.save(self._path(step), self.states)

    def load(self, step):
        self.fabric.load(self._path(step), self.states)
