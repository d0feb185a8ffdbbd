"""What each strategy runs with; the CLI names one (XLA FSDP on the TPU VM unless told)."""
from lightning.fabric.strategies import XLAFSDPStrategy

from model import Block

STRATEGIES = {
    "ddp": lambda: "ddp",
    "xla_fsdp": lambda: XLAFSDPStrategy(auto_wrap_policy={Block}),
}
PRECISIONS = {"ddp": "bf16-mixed", "xla_fsdp": "bf16-true"}
ACCELERATORS = {"ddp": "cuda", "xla_fsdp": "tpu"}
