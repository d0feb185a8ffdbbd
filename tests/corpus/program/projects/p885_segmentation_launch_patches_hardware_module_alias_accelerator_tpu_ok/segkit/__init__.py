"""Binary segmentation of synthetic shapes: the model zoo and the run settings."""
