"""Run settings shared by every entry point; scripts may adjust them before `make_fabric()` reads them."""
from nowcast.model import MixerBlock

STEPS = 3
BATCH = 8
LR = 1e-3

# keyword arguments of XLAFSDPStrategy
STRATEGY_KW = {
    "auto_wrap_policy": {MixerBlock},
    "activation_checkpointing_policy": {MixerBlock},
}
