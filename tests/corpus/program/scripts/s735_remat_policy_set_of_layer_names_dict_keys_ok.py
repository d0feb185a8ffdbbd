# expect: none
# oracle: OK
# twin: s734_remat_policy_from_layer_names_dict_keys
"""python train.py: the layers to checkpoint kept in a table with the names the memory report prints, a set of its keys given as the policy."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Attention(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)

    def forward(self, x):
        return self.attn(x, x, x, need_weights=False)[0]


class MLP(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        return self.fc(x)


class Encoder(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.attn = Attention(dim)
        self.mlp = MLP(dim)
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        x = x + self.attn(x)
        x = x + self.mlp(x)
        return self.head(x.mean(dim=1))


# layer class -> the label the memory report prints for it
CHECKPOINTED = {Attention: "attn", MLP: "mlp"}


def train(fabric):
    fabric.print("activation checkpointing on:", ", ".join(CHECKPOINTED.values()))
    model = fabric.setup_module(Encoder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    x = torch.randn(4, 8, 32, device=fabric.device)
    loss = F.cross_entropy(model(x), torch.randint(0, 4, (4,), device=fabric.device))
    fabric.backward(loss)
    optimizer.step()


if __name__ == "__main__":
    strategy = XLAFSDPStrategy(auto_wrap_policy=set(CHECKPOINTED), activation_checkpointing_policy=set(CHECKPOINTED.keys()))
    Fabric(accelerator="tpu", strategy=strategy).launch(train)
