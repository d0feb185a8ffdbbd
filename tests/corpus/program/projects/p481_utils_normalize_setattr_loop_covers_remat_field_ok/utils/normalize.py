"""Config values as the strategy wants them: the policy fields are lists in a config file, sets in the strategy."""

# the fields whose lists become sets
SET_FIELDS = ("auto_wrap_policy", "activation_checkpointing_policy")


def normalize(sharding):
    for name in SET_FIELDS:
        value = getattr(sharding, name)
        if isinstance(value, (list, tuple)):
            setattr(sharding, name, set(value))
    return sharding
