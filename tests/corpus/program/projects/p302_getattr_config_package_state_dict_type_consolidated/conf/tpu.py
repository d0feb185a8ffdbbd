"""Settings for the TPU pod: one consolidated checkpoint, so the eval hosts can read it without resharding."""
from conf import AttrConfig

SHARDING = AttrConfig(state_dict_type="consolidated", sequential_save=False)
TRAINING = AttrConfig(lr=1e-4, steps=2)
