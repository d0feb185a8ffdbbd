"""Settings objects: keyword arguments read back as attributes."""
from conf.attrs import AttrConfig

__all__ = ["AttrConfig"]
