"""Fine-tune a small transformer on a TPU pod with Lightning Fabric and XLA FSDP.

Every mistake below runs fine on a laptop and crashes only once the job reaches the pod.
Run `errata-lsp check --diff examples/train_tpu.py` to see them and their fixes.
"""

import torch
from torch import nn

from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, width: int = 256) -> None:
        super().__init__()
        self.attention = nn.MultiheadAttention(width, num_heads=4, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(width, 4 * width), nn.GELU(), nn.Linear(4 * width, width))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.attention(x, x, x, need_weights=False)[0]
        return x + self.mlp(x)


class Model(nn.Module):
    def __init__(self, depth: int = 4, width: int = 256) -> None:
        super().__init__()
        self.blocks = nn.Sequential(*(Block(width) for _ in range(depth)))
        self.head = nn.Linear(width, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.blocks(x).mean(dim=1))


# A list, not a set: Lightning raises TypeError in `setup_module`, on the pod.
strategy = XLAFSDPStrategy(auto_wrap_policy={Block}, activation_checkpointing_policy=[Block])


def train(fabric: Fabric, accumulate: int = 4) -> None:
    model = Model()
    wrapped = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(wrapped.parameters(), lr=3e-4))
    for step in range(100):
        batch = torch.randn(8, 16, 256, device=fabric.device)
        target = torch.randint(0, 10, (8,), device=fabric.device)
        # The strategy has no `no_backward_sync`: AttributeError on the first step.
        with fabric.strategy.no_backward_sync(wrapped, enabled=(step + 1) % accumulate != 0):
            loss = nn.functional.cross_entropy(wrapped(batch), target)
            fabric.backward(loss)
        if (step + 1) % accumulate == 0:
            optimizer.step()
            optimizer.zero_grad()
        fabric.print(f"step {step} · loss {loss.item():.3f} ✓")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
