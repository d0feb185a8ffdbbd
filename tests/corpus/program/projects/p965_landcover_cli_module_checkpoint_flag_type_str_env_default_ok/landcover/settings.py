"""Environment-driven defaults of the landcover jobs (the scheduler exports LANDCOVER_*)."""
import os
import tempfile

OUTPUT_ROOT = os.environ.get("LANDCOVER_OUTPUT_ROOT") or tempfile.mkdtemp(prefix="landcover-")
STEPS = int(os.environ.get("LANDCOVER_STEPS", "3"))
LR = float(os.environ.get("LANDCOVER_LR", "1e-3"))
TILE = int(os.environ.get("LANDCOVER_TILE", "8"))
