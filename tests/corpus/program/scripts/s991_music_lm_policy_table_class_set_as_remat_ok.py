# expect: none
# oracle: OK
# twin: s990_music_lm_policy_table_partial_lambda_policy_as_remat
"""Symbolic-music language model (MIDI event tokens) on TPU; wrap and remat policies come from a table of policy objects, as with CUDA FSDP."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch_xla.distributed.fsdp.wrap import lambda_auto_wrap_policy

NUM_EVENTS = 388  # 128 note-on, 128 note-off, 100 time-shift, 32 velocity


class DecoderBlock(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(dim)
        self.ff = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x, mask):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, attn_mask=mask, need_weights=False)[0]
        return x + self.ff(self.ln2(x))


class MusicLM(nn.Module):
    def __init__(self, dim=64, heads=4, layers=2, context=32):
        super().__init__()
        self.embed = nn.Embedding(NUM_EVENTS, dim)
        self.pos = nn.Parameter(torch.zeros(1, context, dim))
        self.blocks = nn.ModuleList(DecoderBlock(dim, heads) for _ in range(layers))
        self.head = nn.Linear(dim, NUM_EVENTS)

    def forward(self, events):
        t = events.shape[1]
        mask = torch.triu(torch.ones(t, t, dtype=torch.bool, device=events.device), diagonal=1)
        x = self.embed(events) + self.pos[:, :t]
        for block in self.blocks:
            x = block(x, mask)
        return self.head(x)


def is_decoder_block(module):
    return isinstance(module, DecoderBlock)


POLICIES = {
    "wrap": {DecoderBlock},
    "remat": {DecoderBlock},
}


def build_strategy(policies):
    return XLAFSDPStrategy(
        auto_wrap_policy=policies["wrap"],
        activation_checkpointing_policy=policies["remat"],
    )


def train(fabric):
    model = fabric.setup_module(MusicLM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(3):
        events = torch.randint(0, NUM_EVENTS, (4, 33), device=fabric.device)
        logits = model(events[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, NUM_EVENTS), events[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: nll {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=build_strategy(POLICIES))
    fabric.launch(train)
