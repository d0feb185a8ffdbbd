# expect: LXF028
# oracle: RAISED TypeError: 'list' object is not callable
"""Token tagger (BIO named entities) trained on TPU; the experiment spec is a JSON text kept in the script and parsed at start-up."""
import json

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

SPEC = json.loads(
    """
    {
      "model": {"vocab": 120, "dim": 48, "layers": 2, "tags": 5},
      "fsdp": {"wrap": ["TaggerLayer"], "reshard_after_forward": true},
      "train": {"batch": 8, "seq": 20, "steps": 3, "lr": 0.002}
    }
    """
)


class TaggerLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mix = nn.Conv1d(dim, dim, kernel_size=3, padding=1, groups=dim)
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        h = self.norm(x)
        h = self.mix(h.transpose(1, 2)).transpose(1, 2)
        return x + self.ff(h)


class Tagger(nn.Module):
    def __init__(self, vocab, dim, layers, tags):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.layers = nn.Sequential(*(TaggerLayer(dim) for _ in range(layers)))
        self.classify = nn.Linear(dim, tags)

    def forward(self, ids):
        return self.classify(self.layers(self.embed(ids)))


LAYER_TYPES = {"TaggerLayer": TaggerLayer, "Embedding": nn.Embedding, "Linear": nn.Linear}


def strategy_options(fsdp_spec):
    return {
        "auto_wrap_policy": [LAYER_TYPES[name] for name in fsdp_spec["wrap"]],
        "reshard_after_forward": fsdp_spec["reshard_after_forward"],
    }


def toy_batch(spec, device):
    ids = torch.randint(0, spec["model"]["vocab"], (spec["train"]["batch"], spec["train"]["seq"]), device=device)
    tags = (ids % spec["model"]["tags"]).long()  # stand-in for gazetteer labels
    return ids, tags


def train(fabric, spec):
    model = fabric.setup_module(Tagger(**spec["model"]))
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=spec["train"]["lr"]))
    for step in range(spec["train"]["steps"]):
        ids, tags = toy_batch(spec, fabric.device)
        logits = model(ids)
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), tags.reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: token loss {loss.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(**strategy_options(SPEC["fsdp"])))
    fabric.launch(train, SPEC)
