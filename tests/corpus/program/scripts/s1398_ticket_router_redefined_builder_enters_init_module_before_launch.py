# expect: LXF019
# oracle: RAISED RuntimeError: To use Fabric with more than one device, you must call `.launch()` or use the CLI: `fabric run --help`.
"""Support-ticket router (2-layer Transformer encoder over hashed words, 5 queues); a long top-level script where `build_model` was later redefined to allocate through `fabric.init_module()`."""
import hashlib
import os
import tempfile

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

QUEUES = ["billing", "login", "shipping", "refund", "other"]
VOCAB = 512
DIM = 32
LAYERS = 2
STEPS = 3
CACHE_DIR = tempfile.mkdtemp(prefix="tickets_")

fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={nn.TransformerEncoderLayer}))


class Router(nn.Module):
    def __init__(self, vocab, dim, layers):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        layer = nn.TransformerEncoderLayer(dim, nhead=4, dim_feedforward=2 * dim, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)
        self.head = nn.Linear(dim, len(QUEUES))

    def forward(self, ids):
        return self.head(self.encoder(self.emb(ids)).mean(1))


def build_model():
    return Router(VOCAB, DIM, LAYERS)


def hash_word(word):
    return int(hashlib.md5(word.encode()).hexdigest(), 16) % VOCAB


KEYWORDS = {
    "billing": ["invoice", "charged", "card", "payment"],
    "login": ["password", "reset", "locked", "2fa"],
    "shipping": ["parcel", "tracking", "courier", "late"],
    "refund": ["refund", "return", "money", "back"],
    "other": ["hello", "question", "feedback", "thanks"],
}


def write_vocab_cache(path):
    """Pretend-expensive preprocessing, done by rank 0 first."""
    if not os.path.exists(path):
        torch.save({q: [hash_word(w) for w in ws] for q, ws in KEYWORDS.items()}, path)
    return torch.load(path)


def tickets(n, ids_by_queue, device, length=12):
    labels = torch.randint(0, len(QUEUES), (n,))
    rows = []
    for y in labels.tolist():
        kw = torch.tensor(ids_by_queue[QUEUES[y]])
        noise = torch.randint(0, VOCAB, (length - 4,))
        rows.append(torch.cat([kw[torch.randint(0, 4, (4,))], noise])[torch.randperm(length)])
    return torch.stack(rows).to(device), labels.to(device)


# ---- later: faster init, allocate on the device directly ----
def build_model(fabric):
    with fabric.init_module(empty_init=False):
        return Router(VOCAB, DIM, LAYERS)


def train(fabric, model):
    with fabric.rank_zero_first():
        ids_by_queue = write_vocab_cache(os.path.join(CACHE_DIR, "vocab.pt"))
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=5e-4))
    for step in range(STEPS):
        ids, labels = tickets(16, ids_by_queue, fabric.device)
        loss = F.cross_entropy(model(ids), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"{step}: {loss.item():.3f}")
    fabric.barrier()


model = build_model(fabric)
fabric.launch(train, model)
