"""Gradient clippers by name (importing the kinds registers them)."""
from clippers import kinds  # noqa: F401
from clippers.registry import CLIPPERS
