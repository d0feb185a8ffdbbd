"""Multi-label attribute tagger for product photos (sleeve, collar, pattern, ...)."""
