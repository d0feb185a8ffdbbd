# expect: none
# oracle: OK
# twin: s358_walrus_remat_layers_from_config_list
"""Walrus-style option reading: each optional knob is moved into the strategy's kwargs only when it is set."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class GPT(nn.Module):
    def __init__(self, dim=32, depth=2, vocab=64):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList(Block(dim) for _ in range(depth))
        self.head = nn.Linear(dim, vocab)

    def forward(self, idx):
        x = self.emb(idx)
        for block in self.blocks:
            x = block(x)
        return self.head(x)


CONFIG = {
    "wrap_layers": {Block},
    "remat_layers": {Block},
    "state_dict_type": "sharded",
    "sync_module_states": None,
}


def strategy_kwargs(cfg: dict) -> dict:
    kwargs = {}
    if (wrap := cfg.get("wrap_layers")) is not None:
        kwargs["auto_wrap_policy"] = wrap
    if (remat := cfg.get("remat_layers")) is not None:
        kwargs["activation_checkpointing_policy"] = remat
    if (kind := cfg.get("state_dict_type")) is not None:
        kwargs["state_dict_type"] = kind
    if (sync := cfg.get("sync_module_states")) is not None:
        kwargs["sync_module_states"] = sync
    return kwargs


def train(fabric):
    model = fabric.setup_module(GPT())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    batches = iter([torch.randint(0, 64, (4, 16)) for _ in range(2)])
    while (idx := next(batches, None)) is not None:
        idx = idx.to(fabric.device)
        logits = model(idx)
        fabric.backward(F.cross_entropy(logits.flatten(0, 1), idx.flatten()))
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**strategy_kwargs(CONFIG)), precision="bf16-true")
    fabric.launch(train)
