"""Per-pixel land-cover segmentation of tiny multispectral tiles."""
