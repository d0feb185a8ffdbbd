"""XLAFSDPStrategy presets, built by layering partials over one base."""
from functools import partial

from lightning.fabric.strategies import XLAFSDPStrategy

from model import EncoderLayer
from sharding import remat_wrapper

base = partial(XLAFSDPStrategy, auto_wrap_policy={EncoderLayer}, state_dict_type="sharded")
with_remat = partial(base, activation_checkpointing_policy={EncoderLayer})

PRESETS = {
    "plain": base,
    "remat": with_remat,
    "remat_custom": partial(with_remat, auto_wrapper_callable=remat_wrapper),
}
