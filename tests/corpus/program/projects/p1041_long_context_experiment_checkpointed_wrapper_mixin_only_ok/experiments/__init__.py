from experiments.base import Experiment
from experiments.long_context import LongContextExperiment

__all__ = ["Experiment", "LongContextExperiment"]
