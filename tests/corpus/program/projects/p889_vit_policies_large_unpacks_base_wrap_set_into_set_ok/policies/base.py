"""What every model size shards and recomputes."""
from vit.layers import Attention, EncoderBlock

BASE_WRAP = {EncoderBlock}
BASE_REMAT = {Attention}
