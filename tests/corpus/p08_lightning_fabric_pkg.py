# expect: none
# findings: none
"""The standalone `lightning_fabric` package, `16-true` precision, sum/mean all-reduces and clipping
by norm under XLA FSDP, with the policy given through a `**kwargs` dict."""
from functools import partial

import torch
import torch.nn as nn
from lightning_fabric import Fabric
from lightning_fabric.strategies import XLAFSDPStrategy
from torch_xla.distributed.fsdp.wrap import transformer_auto_wrap_policy


class ResidualBlock(nn.Module):
    def __init__(self, channels=256):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1)
        self.norm = nn.GroupNorm(32, channels)

    def forward(self, x):
        return x + self.conv2(torch.relu(self.norm(self.conv1(x))))


FSDP_KWARGS = dict(
    auto_wrap_policy=partial(transformer_auto_wrap_policy, transformer_layer_cls={ResidualBlock}),
    activation_checkpointing_policy={ResidualBlock},
    compute_dtype=torch.float16,
    shard_param_on_dim_0=True,
)


def train(fabric, epochs=10):
    model = nn.Sequential(nn.Conv2d(3, 256, 3, padding=1), *[ResidualBlock() for _ in range(20)],
                          nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(256, 10))
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9))
    for epoch in range(epochs):
        correct = torch.zeros((), device=fabric.device)
        for _ in range(200):
            x = torch.randn(64, 3, 32, 32, device=fabric.device)
            y = torch.randint(0, 10, (64,), device=fabric.device)
            logits = model(x)
            loss = nn.functional.cross_entropy(logits, y)
            fabric.backward(loss)
            fabric.clip_gradients(model, optimizer, max_norm=2.0)
            optimizer.step()
            optimizer.zero_grad()
            correct += (logits.argmax(-1) == y).sum()
        total = fabric.all_reduce(correct, reduce_op="sum")
        mean_loss = fabric.all_reduce(loss.detach(), reduce_op="avg")
        fabric.print(f"epoch {epoch}: acc {total.item() / (200 * 64 * fabric.world_size):.3f} loss {mean_loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="16-true", strategy=XLAFSDPStrategy(**FSDP_KWARGS))
    fabric.launch(train)
