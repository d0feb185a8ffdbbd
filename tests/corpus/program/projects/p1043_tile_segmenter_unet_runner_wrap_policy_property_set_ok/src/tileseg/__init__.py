"""Land-cover segmentation of satellite tiles."""
