from runtime.fabric_factory import make_fabric

__all__ = ["make_fabric"]
