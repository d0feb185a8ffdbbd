from utils.precision import get_default_supported_precision
from utils.params import num_parameters

__all__ = ["get_default_supported_precision", "num_parameters"]
