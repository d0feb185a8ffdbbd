# expect: none
# real: OK
# findings: none
"""Correct XLA FSDP that the CUDA FSDP rules must leave alone: `strategy="fsdp"` with
`accelerator="tpu"` (Lightning runs XLAFSDPStrategy then), XLA's `auto_wrapper_callable` and
`sequential_save` arguments, and a set as `auto_wrap_policy`."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


class Block(nn.Module):
    def __init__(self, dim=128):
        super().__init__()
        self.ln = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.ff(self.ln(x))


def wrap_block(module, *args, **kwargs):
    from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module

    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


def train(fabric):
    model = fabric.setup_module(nn.Sequential(*[Block() for _ in range(4)]))
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.01))
    for _ in range(2):
        loss = model(torch.randn(4, 16, 128, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    fabric.save("ckpt", {"model": model, "optimizer": optimizer})


if __name__ == "__main__":
    remapped = Fabric(accelerator="tpu", strategy="fsdp", precision="bf16-true")
    assert type(remapped.strategy).__name__ == "XLAFSDPStrategy"
    strategy = XLAFSDPStrategy(
        auto_wrap_policy={Block},
        auto_wrapper_callable=wrap_block,
        sequential_save=True,
        state_dict_type="sharded",
    )
    fabric = Fabric(accelerator="tpu", strategy=strategy, precision="bf16-true")
    fabric.launch(train)
