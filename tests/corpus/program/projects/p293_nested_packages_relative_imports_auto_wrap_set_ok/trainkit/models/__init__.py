"""trainkit models."""
