# expect: LXF036
# oracle: RAISED AttributeError: You marked 'embed_passages' as a forward method, but `DualEncoder.embed_passages` does not exist or is not a method.
# flagged-in: utils/batching.py
"""Passage retrieval on TPU: contrastive training of a dual encoder, then indexing a small corpus with `embed_passages`."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from retrieval.model import DualEncoder, Tower


def paired_batch(batch, device):
    topics = torch.randint(0, 50, (batch, 1), device=device)
    queries = topics * 20 + torch.randint(0, 20, (batch, 6), device=device)
    passages = topics * 20 + torch.randint(0, 20, (batch, 12), device=device)
    return queries, passages


def train(fabric):
    model = fabric.setup_module(DualEncoder())
    model.mark_forward_method("embed_passages")
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=2e-3))
    for step in range(3):
        queries, passages = paired_batch(16, fabric.device)
        logits = model(queries, passages)
        loss = F.cross_entropy(logits, torch.arange(16, device=fabric.device))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: in-batch loss {loss.item():.4f}")
    with torch.no_grad():
        index = model.embed_passages(torch.randint(0, 1000, (40, 12), device=fabric.device))
    fabric.print(f"indexed {index.shape[0]} passages")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Tower}))
    fabric.launch(train)
