# expect: LXF003
# oracle: RAISED AttributeError: 'XLAFSDPStrategy' object has no attribute 'no_backward_sync'
# flagged-in: src/blocknet/utils/dist.py
"""Entry point of a src/ layout checkout: python train.py (no install needed)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "src"))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from lightning.fabric import Fabric  # noqa: E402
from lightning.fabric.strategies import XLAFSDPStrategy  # noqa: E402

from blocknet.model import Block, Net  # noqa: E402
from blocknet.utils.dist import accumulation_context, global_mean  # noqa: E402

ACCUMULATE = 2


def train(fabric):
    model = fabric.setup_module(Net())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for micro in range(ACCUMULATE):
        is_last = micro == ACCUMULATE - 1
        with accumulation_context(fabric, model, is_last):
            x = torch.randn(4, 32, device=fabric.device)
            loss = F.cross_entropy(model(x), torch.randint(0, 4, (4,), device=fabric.device))
            fabric.backward(loss / ACCUMULATE)
    optimizer.step()
    fabric.print("loss", global_mean(fabric, loss.detach()).item())


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(train)
