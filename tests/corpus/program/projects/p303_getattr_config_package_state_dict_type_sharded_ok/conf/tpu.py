"""Settings for the TPU pod: shards saved one host at a time, to spare the filesystem."""
from conf import AttrConfig

SHARDING = AttrConfig(state_dict_type="sharded", sequential_save=True)
TRAINING = AttrConfig(lr=1e-4, steps=2)
