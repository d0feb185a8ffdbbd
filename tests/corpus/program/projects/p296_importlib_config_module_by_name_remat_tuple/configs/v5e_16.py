"""v5e-16: enough memory to keep every activation."""
from model import Block

PRECISION = "bf16-true"
STRATEGY = dict(auto_wrap_policy={Block}, state_dict_type="sharded")
STEPS = 2
