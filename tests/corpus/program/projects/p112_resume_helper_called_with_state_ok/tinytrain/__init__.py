from tinytrain.checkpoint import load_checkpoint, save_checkpoint
from tinytrain.model import Block, Net

__all__ = ["Block", "Net", "load_checkpoint", "save_checkpoint"]
