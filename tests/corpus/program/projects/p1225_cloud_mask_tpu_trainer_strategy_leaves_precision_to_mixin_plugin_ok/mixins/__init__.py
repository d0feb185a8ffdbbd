from mixins.precision import PrecisionMixin

__all__ = ["PrecisionMixin"]
