"""How a run is laid out on hardware."""
