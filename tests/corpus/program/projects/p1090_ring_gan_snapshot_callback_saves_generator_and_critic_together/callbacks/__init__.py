from callbacks.snapshot import Snapshot

__all__ = ["Snapshot"]
