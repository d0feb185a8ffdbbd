"""blocknet: a small residual network trained with Lightning Fabric on TPUs."""
__version__ = "0.3.1"
