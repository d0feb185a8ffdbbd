"""U-Net: both the encoder and the decoder blocks are worth sharding."""
from tileseg.model import DownBlock, TinyUNet, UpBlock
from tileseg.runners.base import SegmentationRunner


class UNetRunner(SegmentationRunner):
    @property
    def wrap_policy(self):
        return {DownBlock, UpBlock}

    def build_model(self):
        return TinyUNet()
