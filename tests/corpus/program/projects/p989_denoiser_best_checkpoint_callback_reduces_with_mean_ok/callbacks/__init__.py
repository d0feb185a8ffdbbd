from callbacks.best import BestCheckpoint

__all__ = ["BestCheckpoint"]
