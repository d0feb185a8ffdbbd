"""Checkpoints on the host's local disk, in a fresh temporary directory."""
import tempfile

from lightning.fabric.plugins import XLACheckpointIO

import config

config.CHECKPOINT_IO = XLACheckpointIO()
config.CHECKPOINT_ROOT = tempfile.mkdtemp(prefix="two-tower-")
