"""Run configuration. FSDP options start from a template that lists every knob torch_xla's FSDP has."""
import copy

# Every option the sharded runs may tune, with its default; runs copy the template and override a few.
# No `auto_wrapper_callable` key: XLAFSDPStrategy rejects it next to activation_checkpointing_policy, even as None.
FSDP_TEMPLATE = {
    "auto_wrap_policy": None,
    "activation_checkpointing_policy": None,
    "state_dict_type": "sharded",
    "sequential_save": False,
}

OPTIM = {"lr": 2e-4, "weight_decay": 0.01}
STEPS = 2
BATCH_SIZE = 4
SEQ_LEN = 24


def fsdp_options(**overrides):
    options = copy.deepcopy(FSDP_TEMPLATE)
    unknown = set(overrides) - set(options)
    if unknown:
        raise KeyError(f"unknown FSDP options: {sorted(unknown)}")
    options.update(overrides)
    return options
