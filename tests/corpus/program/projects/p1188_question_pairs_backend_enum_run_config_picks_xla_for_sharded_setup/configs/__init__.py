"""Run configuration of the question-pair duplicate detector."""
from configs.backends import Backend  # noqa: F401
from configs.run import RUN, RunConfig  # noqa: F401
