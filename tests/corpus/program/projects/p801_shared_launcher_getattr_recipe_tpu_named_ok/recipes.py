"""FSDP keyword recipes, one function per cluster. The launcher looks them up by name."""
import torch


def gpu():
    # what the A100 runs use with torch's FullyShardedDataParallel
    return {
        "sync_module_states": True,
        "limit_all_gathers": True,
        "use_orig_params": True,
    }


def tpu():
    # torch_xla's XlaFullyShardedDataParallel options
    return {
        "reshard_after_forward": True,
        "flatten_parameters": True,
        "compute_dtype": torch.float32,
    }


def cpu_debug():
    return {}


def tpu_large():
    # v4-32 and up: keep the parameters gathered between forward and backward
    keywords = tpu()
    keywords["reshard_after_forward"] = False
    return keywords


def names():
    return [name for name, value in globals().items() if callable(value) and not name.startswith("_") and name != "names"]
