# expect: none
# oracle: OK
# twin: s950_strategy_factory_none_default_builds_local_lambda_policy
"""Vision-transformer-ish classifier; the strategy factory still has a lambda fallback, but its only caller passes a module-level wrap policy."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class EncoderBlock(nn.Module):
    def __init__(self, dim=48, heads=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.mlp(self.ln2(x))


class TokenClassifier(nn.Module):
    def __init__(self, in_dim=16, dim=48, depth=2, classes=5):
        super().__init__()
        self.proj = nn.Linear(in_dim, dim)
        self.blocks = nn.ModuleList(EncoderBlock(dim) for _ in range(depth))
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        x = self.proj(x)
        for block in self.blocks:
            x = block(x)
        return self.head(x.mean(dim=1))


def wrap_encoder_blocks(module, recurse, unwrapped_params):
    # keep descending, and give each encoder block its own FSDP unit
    return recurse or isinstance(module, EncoderBlock)


def sharded_strategy(wrap_policy=None, **fsdp_kwargs):
    if wrap_policy is None:
        wrap_policy = lambda module, recurse, unwrapped_params: recurse or unwrapped_params >= 4096  # noqa: E731
    return XLAFSDPStrategy(auto_wrap_policy=wrap_policy, **fsdp_kwargs)


def train(fabric, steps=2):
    model = fabric.setup_module(TokenClassifier())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=5e-4))
    for step in range(steps):
        x = torch.randn(4, 10, 16, device=fabric.device)
        y = torch.randint(0, 5, (4,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: {loss.item():.3f}")


if __name__ == "__main__":
    strategy = sharded_strategy(wrap_encoder_blocks, reshard_after_forward=True)
    fabric = Fabric(accelerator="tpu", strategy=strategy)
    fabric.launch(train)
