# expect: none
# real: needs CUDA GPUs, not run; every constructor before `Fabric` runs on CPU without error; the rest is read from the source
# findings: none
"""Correct CUDA FSDP: an `FSDPPrecision` plugin without a scaler, a torch `ModuleWrapPolicy` and a
callable checkpointing policy, the enum form of hybrid sharding with a device mesh, and a second
Fabric with `precision="16-mixed"` (mixed precision that XLA does not support)."""
import torch
import torch.nn as nn
from lightning.fabric import Fabric
from lightning.fabric.plugins import FSDPPrecision
from lightning.fabric.strategies import FSDPStrategy
from torch.distributed.fsdp import ShardingStrategy
from torch.distributed.fsdp.wrap import ModuleWrapPolicy


class Layer(nn.Module):
    def __init__(self, dim=768):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, 12, batch_first=True)
        self.mlp = nn.Sequential(nn.Linear(dim, 3072), nn.GELU(), nn.Linear(3072, dim))

    def forward(self, x):
        x = x + self.attn(x, x, x, need_weights=False)[0]
        return x + self.mlp(x)


def checkpoint_every_other(module: nn.Module) -> bool:
    return isinstance(module, Layer) and getattr(module, "checkpoint", False)


def build(kind: str) -> Fabric:
    if kind == "bf16":
        strategy = FSDPStrategy(
            precision=FSDPPrecision("bf16-mixed"),
            auto_wrap_policy=ModuleWrapPolicy({Layer}),
            activation_checkpointing_policy=checkpoint_every_other,
            sharding_strategy=ShardingStrategy.HYBRID_SHARD,
            device_mesh=(2, 8),
        )
        return Fabric(accelerator="cuda", devices=8, num_nodes=2, strategy=strategy)
    return Fabric(accelerator="cuda", devices=8, strategy="fsdp", precision="16-mixed")


def main() -> None:
    fabric = build("bf16")
    fabric.launch()
    layers = [Layer() for _ in range(12)]
    for i, layer in enumerate(layers):
        layer.checkpoint = i % 2 == 0
    model = fabric.setup_module(nn.Sequential(*layers))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=2e-4))
    for _ in range(100):
        loss = model(torch.randn(4, 128, 768, device=fabric.device)).pow(2).mean()
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
