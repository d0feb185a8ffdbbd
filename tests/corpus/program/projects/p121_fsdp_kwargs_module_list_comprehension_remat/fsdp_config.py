"""XLA-FSDP settings for the pretraining run: layer names resolved against model.py, unpacked by the entry."""
import model

WRAP_LAYERS = ("Block",)
REMAT_LAYERS = ("Block",)

FSDP_KWARGS = dict(
    auto_wrap_policy={getattr(model, name) for name in WRAP_LAYERS},
    activation_checkpointing_policy=[getattr(model, name) for name in REMAT_LAYERS],
    state_dict_type="sharded",
)
