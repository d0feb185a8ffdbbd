"""Training package: `make_worker(args)` gives the function each TPU process runs."""
from .worker import make_worker

__all__ = ["make_worker"]
