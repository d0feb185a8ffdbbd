"""Frame-level phone recognition: model, strategies and the Fabric factory."""
