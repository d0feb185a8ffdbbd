"""Checkpoint I/O that records what each save wrote."""
import json
import os

from lightning.fabric.plugins import XLACheckpointIO


class ManifestCheckpointIO(XLACheckpointIO):
    def __init__(self, run_name):
        super().__init__()
        self.run_name = run_name

    def save_checkpoint(self, checkpoint, path, storage_options=None):
        super().save_checkpoint(checkpoint, path, storage_options=storage_options)
        with open(os.path.join(os.path.dirname(path), "manifest.json"), "w") as f:
            json.dump({"run": self.run_name, "keys": sorted(checkpoint)}, f)
