"""Run settings of the county crop-yield regressor."""
import tempfile

STEPS = 4
SAVE_EVERY = 2
BATCH_SIZE = 32
LR = 1e-3
SEASON_WEEKS = 26  # NDVI composites from sowing to harvest
WEATHER_VARS = 4  # precipitation, tmax, tmin, solar radiation

ASYNC_CHECKPOINTS = False  # XLA FSDP takes only XLACheckpointIO itself, not a wrapper around it
CHECKPOINT_ROOT = tempfile.mkdtemp(prefix="yield-ckpt-")
