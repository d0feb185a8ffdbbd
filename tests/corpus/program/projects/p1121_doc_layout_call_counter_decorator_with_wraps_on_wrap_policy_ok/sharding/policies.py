"""torch_xla calls a wrap policy as `policy(module=..., recurse=..., unwrapped_params=...)`."""
from model import PatchBlock
from utils.debug import log_calls


@log_calls
def layout_block_policy(module, recurse, unwrapped_params):
    if recurse:
        return True
    return isinstance(module, PatchBlock)
