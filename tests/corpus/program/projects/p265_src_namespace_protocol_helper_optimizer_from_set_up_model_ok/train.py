# expect: none
# oracle: OK
# twin: p264_src_namespace_protocol_helper_optimizer_from_raw_model
"""python train.py from a checkout (no `pip install -e .` needed): trainkit lives under src/."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "src"))

from lightning.fabric import Fabric  # noqa: E402

from trainkit.loop import fit  # noqa: E402
from trainkit.strategy import xla_fsdp  # noqa: E402

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=xla_fsdp())
    fabric.launch(fit)
