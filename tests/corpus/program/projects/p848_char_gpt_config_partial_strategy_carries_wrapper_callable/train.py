# expect: LXF002
# oracle: RAISED ValueError: You cannot set both `auto_wrapper_callable` and `activation_checkpointing_policy`. Choose one
# flagged-in: configs/strategy.py
"""Char-level GPT on TPU; the strategy is the config module's `functools.partial` preset, called here with activation checkpointing."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from configs.strategy import TPUShardedStrategy
from gpt import Block, CharGPT

TEXT = (
    "It was the best of times, it was the worst of times, it was the age of wisdom, "
    "it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity."
).encode()
BLOCK_SIZE = 32


def get_batch(batch_size, device):
    data = torch.tensor(list(TEXT), dtype=torch.long)
    starts = torch.randint(0, len(data) - BLOCK_SIZE - 1, (batch_size,))
    x = torch.stack([data[s : s + BLOCK_SIZE] for s in starts])
    y = torch.stack([data[s + 1 : s + BLOCK_SIZE + 1] for s in starts])
    return x.to(device), y.to(device)


def train(fabric, steps):
    model = fabric.setup_module(CharGPT(block_size=BLOCK_SIZE))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-3))
    for step in range(steps):
        x, y = get_batch(8, fabric.device)
        logits = model(x)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), y.view(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"iter {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    # recompute the blocks' activations in backward: the context length is going up next
    strategy = TPUShardedStrategy(activation_checkpointing_policy={Block})
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=strategy)
    fabric.launch(train, 3)
