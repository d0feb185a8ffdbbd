"""Where a run writes things. Callers choose `str` or `pathlib.Path` results; RUN_PATH_TYPE picks when they don't."""
import os
from pathlib import Path


def run_path(root, *parts, as_str=None):
    if as_str is None:
        as_str = os.environ.get("RUN_PATH_TYPE", "path") == "str"
    path = Path(root).joinpath(*parts)
    return str(path) if as_str else path
