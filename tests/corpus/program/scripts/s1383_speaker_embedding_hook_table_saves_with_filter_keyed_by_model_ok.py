# expect: none
# oracle: OK
# twin: s1382_speaker_embedding_hook_table_saves_with_bare_filter_closure
"""Speaker-verification head on frozen synthetic "x-vector" features; end-of-run hooks live in a dict of lambdas and closures."""
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

N_SPEAKERS = 20
FEAT_DIM = 40
EMB_DIM = 32
SAVE_WHAT = "projection"   # "everything" for the long runs
OUT_DIR = tempfile.mkdtemp(prefix="spkver_")


class FrozenEncoder(nn.Module):
    """Stands in for the pretrained TDNN; never updated."""

    def __init__(self):
        super().__init__()
        self.tdnn = nn.Sequential(nn.Conv1d(FEAT_DIM, 64, 5, padding=2), nn.ReLU(), nn.Conv1d(64, 64, 3, padding=1))
        for p in self.tdnn.parameters():
            p.requires_grad_(False)

    def forward(self, feats):
        return self.tdnn(feats).mean(-1)


class SpeakerHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = FrozenEncoder()
        self.projection = nn.Sequential(nn.Linear(64, EMB_DIM), nn.LayerNorm(EMB_DIM))
        self.classifier = nn.Linear(EMB_DIM, N_SPEAKERS, bias=False)

    def forward(self, feats):
        emb = F.normalize(self.projection(self.encoder(feats)), dim=-1)
        return self.classifier(emb) * 10.0


def keep_if(predicate):
    return lambda name, value: predicate(name)


# which parameters go into the checkpoint
CHECKPOINT_FILTERS = {
    "everything": None,
    "projection": keep_if(lambda name: "projection" in name or "classifier" in name),
    "classifier": keep_if(lambda name: name.startswith("classifier")),
}

HOOKS = {
    "on_step": lambda fabric, step, loss: fabric.print(f"step {step}: loss {loss:.4f}"),
    "on_train_end": lambda fabric, state: fabric.save(
        os.path.join(OUT_DIR, "final"), state, filter={"model": CHECKPOINT_FILTERS[SAVE_WHAT]}
    ),
}


def utterances(n, device, frames=50):
    speaker = torch.randint(0, N_SPEAKERS, (n,), device=device)
    centroid = torch.sin(speaker[:, None, None].float() * torch.arange(1, FEAT_DIM + 1, device=device)[None, :, None])
    return centroid + 0.3 * torch.randn(n, FEAT_DIM, frames, device=device), speaker


def train(fabric, steps=3):
    model = fabric.setup_module(SpeakerHead())
    trainable = [p for p in model.parameters() if p.requires_grad]
    optimizer = fabric.setup_optimizers(torch.optim.Adam(trainable, lr=1e-3))
    for step in range(steps):
        feats, speaker = utterances(16, fabric.device)
        loss = F.cross_entropy(model(feats), speaker)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        HOOKS["on_step"](fabric, step, loss.item())
    HOOKS["on_train_end"](fabric, {"model": model, "step": steps})


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
