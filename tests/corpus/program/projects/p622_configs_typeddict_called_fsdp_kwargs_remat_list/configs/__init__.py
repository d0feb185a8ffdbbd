from .schema import FSDPKwargs
from .presets import FSDP_REMAT

__all__ = ["FSDPKwargs", "FSDP_REMAT"]
