"""Fabric settings: the shared defaults, and the overrides of the machine a run is on."""
