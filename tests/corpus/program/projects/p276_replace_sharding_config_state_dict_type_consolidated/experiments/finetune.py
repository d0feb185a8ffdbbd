"""Fine-tuning: one consolidated checkpoint per save, so the eval hosts read it without resharding."""
import dataclasses

from sharding import BASE

SHARDING = dataclasses.replace(BASE, state_dict_type="consolidated")
MAX_STEPS = 2
LR = 1e-4
