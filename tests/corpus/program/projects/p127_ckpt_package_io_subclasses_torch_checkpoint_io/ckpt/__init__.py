from .manifest_io import ManifestCheckpointIO
from .plugins import build_plugins

__all__ = ["ManifestCheckpointIO", "build_plugins"]
