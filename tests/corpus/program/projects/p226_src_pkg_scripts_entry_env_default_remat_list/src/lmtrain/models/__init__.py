from .blocknet import Block, Net

__all__ = ["Block", "Net"]
