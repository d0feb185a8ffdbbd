from tileseg.runners.base import SegmentationRunner
from tileseg.runners.unet import UNetRunner

RUNNERS = {"unet": UNetRunner}

__all__ = ["RUNNERS", "SegmentationRunner", "UNetRunner"]
