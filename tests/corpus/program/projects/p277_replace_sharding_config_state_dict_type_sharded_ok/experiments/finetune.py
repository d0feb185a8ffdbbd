"""Fine-tuning: shards saved one host at a time, to spare the filesystem."""
import dataclasses

from sharding import BASE

SHARDING = dataclasses.replace(BASE, state_dict_type="sharded", sequential_save=True)
MAX_STEPS = 2
LR = 1e-4
