# expect: none
# oracle: OK
# twin: s1200_lyrics_lm_wrap_policy_factories_get_default_factory_returns_lambda
"""Lyrics language model (char-level, synthetic verses) whose FSDP wrap policy comes from a table of policy factories."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch_xla.distributed.fsdp.wrap import size_based_auto_wrap_policy

VOCAB, CONTEXT, DIM = 40, 16, 32
RUN = {"wrap": "decoder_layer", "steps": 3, "lr": 3e-3}


class DecoderLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class LyricsLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(VOCAB, DIM, bias=False)
        self.layers = nn.Sequential(DecoderLayer(DIM), DecoderLayer(DIM))
        self.unembed = nn.Linear(DIM, VOCAB)

    def forward(self, one_hot):
        return self.unembed(self.layers(self.embed(one_hot)))


def wrap_decoder_layers(module, recurse, **kwargs):
    return recurse or isinstance(module, DecoderLayer)


def default_policy_factory():
    """Wrap every decoder layer on its own."""
    return wrap_decoder_layers


POLICY_FACTORIES = {
    "by_size": lambda: functools.partial(size_based_auto_wrap_policy, min_num_params=10_000),
    "none": lambda: None,
}


def make_strategy(run):
    policy = POLICY_FACTORIES.get(run["wrap"], default_policy_factory)()
    return XLAFSDPStrategy(auto_wrap_policy=policy)


def verses(batch):
    tokens = torch.randint(0, VOCAB, (batch, CONTEXT + 1))
    tokens[:, ::4] = 0  # a "space" every fourth character
    return F.one_hot(tokens[:, :-1], VOCAB).float(), tokens[:, 1:]


def train(fabric, run):
    model = fabric.setup_module(LyricsLM())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=run["lr"]))
    for step in range(run["steps"]):
        inputs, targets = fabric.to_device(verses(8))
        loss = F.cross_entropy(model(inputs).reshape(-1, VOCAB), targets.reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=make_strategy(RUN))
    fabric.launch(train, RUN)
