"""FSDP wrap policies: which submodules become their own XLA FSDP unit."""


def min_params_policy(min_num_params):
    """Wrap every submodule that holds at least `min_num_params` parameters not yet wrapped."""

    def policy(module, recurse, unwrapped_params, **kwargs):
        if recurse:
            return True
        return unwrapped_params >= min_num_params

    return policy
