# expect: LXF003
# oracle: RAISED TypeError: Blocking backward sync is only possible if the module passed to `_XLAFSDPBackwardSyncControl.no_backward_sync` is wrappe
# flagged-in: src/shardlm/engine.py
"""python scripts/train.py: two accumulated steps of shardlm's engine on a TPU pod."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import torch  # noqa: E402
from lightning.fabric import Fabric  # noqa: E402
from lightning.fabric.strategies import XLAFSDPStrategy  # noqa: E402

from shardlm.engine import Engine  # noqa: E402
from shardlm.model import Block, Net  # noqa: E402


def run(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    engine = Engine(fabric, model, optimizer, accumulate=2)
    batches = [(torch.randn(8, 32), torch.randint(0, 4, (8,))) for _ in range(4)]
    engine.fit(batches)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(run)
