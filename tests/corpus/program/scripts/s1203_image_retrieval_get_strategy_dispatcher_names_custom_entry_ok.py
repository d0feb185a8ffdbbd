# expect: none
# oracle: OK
# twin: s1202_image_retrieval_get_strategy_dispatcher_passes_unknown_name_through
"""Image-retrieval embedder (synthetic 'photos', in-batch contrastive loss); `get_strategy` builds the project's own
strategies and hands any other name to Lightning's registry."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class ProjectionBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        return self.norm(x + F.gelu(self.fc(x)))


class Embedder(nn.Module):
    def __init__(self, pixels=3 * 8 * 8, dim=32):
        super().__init__()
        self.stem = nn.Linear(pixels, dim)
        self.blocks = nn.Sequential(ProjectionBlock(dim), ProjectionBlock(dim))

    def forward(self, images):
        return F.normalize(self.blocks(self.stem(images.flatten(1))), dim=-1)


_CUSTOM_STRATEGIES = {
    "xla_fsdp_blocks": functools.partial(XLAFSDPStrategy, auto_wrap_policy={ProjectionBlock}),
}


def get_strategy(name, **kwargs):
    """The project's strategies by name; Lightning's own names ("xla", "xla_fsdp", "ddp", ...) pass through."""
    if name in _CUSTOM_STRATEGIES:
        return _CUSTOM_STRATEGIES[name](**kwargs)
    return name


class Args:
    strategy = "xla_fsdp_blocks"
    steps = 3
    temperature = 0.1


def train(fabric, args):
    model = fabric.setup_module(Embedder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(args.steps):
        photos = torch.rand(16, 3, 8, 8, device=fabric.device)
        augmented = photos + 0.05 * torch.randn_like(photos)
        logits = model(photos) @ model(augmented).T / args.temperature
        loss = F.cross_entropy(logits, torch.arange(16, device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: infonce {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=get_strategy(Args.strategy))
    fabric.launch(train, Args)
