"""lmkit: the team's small language-model training package."""
__version__ = "0.4.1"
