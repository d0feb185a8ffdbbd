"""Everything a run needs, re-exported: `from configs import DEFAULT, make_strategy`."""
from .fsdp import *  # noqa: F401,F403
from .presets import *  # noqa: F401,F403
from .presets import TPU as DEFAULT  # noqa: F401
