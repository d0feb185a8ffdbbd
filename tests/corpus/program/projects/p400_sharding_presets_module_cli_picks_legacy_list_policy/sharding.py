"""Sharding presets for the TPU runs. `v1` is what the first pod runs used; keep it for comparisons."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import DecoderBlock

PRESETS = {
    "v1": XLAFSDPStrategy(auto_wrap_policy=[DecoderBlock], state_dict_type="full"),
    "v2": XLAFSDPStrategy(auto_wrap_policy={DecoderBlock}, activation_checkpointing_policy={DecoderBlock}),
    "v2-no-remat": XLAFSDPStrategy(auto_wrap_policy={DecoderBlock}),
}
DEFAULT = "v1"
