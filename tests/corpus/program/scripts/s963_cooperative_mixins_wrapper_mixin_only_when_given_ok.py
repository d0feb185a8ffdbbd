# expect: none
# oracle: OK
# twin: s962_cooperative_mixins_wrapper_mixin_stores_none_callable
"""Tiny transformer LM; the strategy comes from a builder class assembled from cooperative mixins (`super().__init__(**kwargs)`)."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class DecoderLayer(nn.Module):
    def __init__(self, dim=64, heads=4):
        super().__init__()
        self.layer = nn.TransformerEncoderLayer(dim, heads, dim_feedforward=2 * dim, batch_first=True)

    def forward(self, x):
        mask = nn.Transformer.generate_square_subsequent_mask(x.size(1), device=x.device)
        return self.layer(x, src_mask=mask, is_causal=True)


class TinyLM(nn.Module):
    def __init__(self, vocab=128, dim=64, depth=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList([DecoderLayer(dim) for _ in range(depth)])
        self.head = nn.Linear(dim, vocab)

    def forward(self, tokens):
        x = self.embed(tokens)
        for layer in self.layers:
            x = layer(x)
        return self.head(x)


class StrategyBuilder:
    """Collects XLAFSDPStrategy keywords; mixins add theirs on the way back down the MRO."""

    def __init__(self, *, wrap_layers=(), **kwargs):
        super().__init__(**kwargs)
        self.strategy_kwargs = {"auto_wrap_policy": set(wrap_layers)}

    def build(self):
        return XLAFSDPStrategy(**self.strategy_kwargs)


class WrapperMixin:
    """Lets a run plug in its own per-layer wrapper (e.g. one that also casts to bf16)."""

    def __init__(self, *, wrapper=None, **kwargs):
        super().__init__(**kwargs)
        if wrapper is not None:
            self.strategy_kwargs["auto_wrapper_callable"] = wrapper


class RematMixin:
    def __init__(self, *, remat_layers=(), **kwargs):
        super().__init__(**kwargs)
        if remat_layers:
            self.strategy_kwargs["activation_checkpointing_policy"] = set(remat_layers)


class LMStrategyBuilder(RematMixin, WrapperMixin, StrategyBuilder):
    pass


def train(fabric, steps=3, vocab=128):
    model = fabric.setup_module(TinyLM(vocab=vocab))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(steps):
        tokens = torch.randint(0, vocab, (8, 33), device=fabric.device)
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, vocab), tokens[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    builder = LMStrategyBuilder(wrap_layers=[DecoderLayer], remat_layers=[DecoderLayer])
    Fabric(accelerator="tpu", strategy=builder.build()).launch(train)
