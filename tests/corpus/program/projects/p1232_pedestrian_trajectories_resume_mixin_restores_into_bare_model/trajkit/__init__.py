"""trajkit: small trajectory-forecasting trainers."""
from .trainers import *  # noqa: F401,F403
from .trainers import __all__  # noqa: F401
