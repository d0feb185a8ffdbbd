"""The Fabric plugins of a run: checkpoint I/O that also writes a manifest next to every checkpoint."""
from .manifest_io import ManifestCheckpointIO


def build_plugins(run_name):
    return [ManifestCheckpointIO(run_name=run_name)]
