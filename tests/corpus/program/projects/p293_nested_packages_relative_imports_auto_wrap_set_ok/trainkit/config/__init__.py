"""Default settings of trainkit runs."""
