"""FSDP knobs per backend. `common` goes to every FSDP flavour, then the backend's own section."""
FSDP_OVERRIDES = {
    "common": {},
    "cuda": {
        # Broadcast rank 0's initial weights so every replica starts from the same model.
        "sync_module_states": True,
        "limit_all_gathers": True,
        "use_orig_params": True,
    },
    "xla": {
        "reshard_after_forward": True,
        "flatten_parameters": True,
    },
}


def fsdp_kwargs_for(backend):
    merged = dict(FSDP_OVERRIDES["common"])
    merged.update(FSDP_OVERRIDES.get(backend, {}))
    return merged
