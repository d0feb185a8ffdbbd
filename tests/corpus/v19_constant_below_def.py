# expect: LXF001
# real: RAISED TypeError: `activation_checkpointing_policy` must be a set, found [<class '__main__.Layer'>]. You can try defining and passing `aut
# findings: LXF001 error 16
"""Pretraining entry point. Layer lists are kept at the bottom of the file next to the other
tunables, so that they are easy to find when editing the sweep."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy


def configure_strategy():
    return XLAFSDPStrategy(
        auto_wrap_policy=WRAP_LAYERS,
        activation_checkpointing_policy=REMAT_LAYERS,
        state_dict_type=STATE_DICT_TYPE,
    )


def pretrain(fabric):
    model = fabric.setup_module(Transformer())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=LR))
    for _ in range(STEPS):
        x = torch.randint(0, VOCAB, (2, 11), device=fabric.device)
        loss = F.cross_entropy(model(x[:, :-1]).reshape(-1, VOCAB), x[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


class Layer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.ReLU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class Transformer(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, DIM)
        self.layers = nn.Sequential(*[Layer(DIM) for _ in range(DEPTH)])
        self.head = nn.Linear(DIM, VOCAB)

    def forward(self, x):
        return self.head(self.layers(self.emb(x)))


VOCAB = 50
DIM = 32
DEPTH = 2
LR = 1e-3
STEPS = 2
STATE_DICT_TYPE = "sharded"
WRAP_LAYERS = {Layer}
REMAT_LAYERS = [Layer]

if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=configure_strategy())
    fabric.launch(pretrain)
