# expect: FSDP009
# real: needs CUDA GPUs, not run; from the source, the raise confirmed by a CPU call of the same lightning 2.6.6 code: RAISED TypeError: FullyShardedDataParallel.__init__() got an unexpected keyword argument 'auto_wrapper_callable'
# findings: FSDP009 error 49
"""A TPU script moved to GPUs: XLAFSDPStrategy became FSDPStrategy but kept the XLA-only
`auto_wrapper_callable`. FSDPStrategy forwards unknown keywords to torch's FullyShardedDataParallel,
which rejects it when the model is set up."""
from functools import partial

import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.strategies import FSDPStrategy
from torch.distributed.algorithms._checkpoint.checkpoint_wrapper import checkpoint_wrapper


class Block(nn.Module):
    def __init__(self, dim=1024, heads=16):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


def wrap_with_checkpointing(module, *args, **kwargs):
    return checkpoint_wrapper(module)


def train(fabric):
    model = fabric.setup_module(nn.Sequential(*[Block() for _ in range(24)]))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=0.1))
    for step in range(1000):
        x = torch.randn(4, 512, 1024, device=fabric.device)
        loss = model(x).float().pow(2).mean()
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    strategy = FSDPStrategy(
        auto_wrap_policy={Block},
        auto_wrapper_callable=partial(wrap_with_checkpointing),
        state_dict_type="sharded",
    )
    fabric = Fabric(accelerator="cuda", devices=8, strategy=strategy, precision="bf16-true")
    fabric.launch(train)
