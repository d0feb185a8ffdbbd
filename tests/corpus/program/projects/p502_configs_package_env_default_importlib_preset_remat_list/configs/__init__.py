"""The run's preset: $PRESET names a module of this package (the pod preset unless it is set)."""
import importlib
import os

PRESET = os.environ.get("PRESET", "v4_pod")
preset = importlib.import_module(f"{__name__}.{PRESET}")
