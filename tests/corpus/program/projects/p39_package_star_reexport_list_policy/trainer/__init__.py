"""trainer: the model, its sharding and the loop, behind one import."""
from .layers import Block, Net
from .sharding import *  # noqa: F403
