# expect: none
# oracle: OK
# twin: s1286_protonet_meta_batch_sync_helper_copies_fabric_body_with_fabric_module
"""Prototypical networks (few-shot meta-learning) on synthetic Gaussian clusters, ported from a DDP script to Fabric on TPU: a meta-batch of episodes accumulates gradients, syncing only on the last episode."""
import contextlib

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn


class EmbedBlock(nn.Module):
    def __init__(self, dim_in, dim_out):
        super().__init__()
        self.lin = nn.Linear(dim_in, dim_out)
        self.norm = nn.LayerNorm(dim_out)

    def forward(self, x):
        return F.gelu(self.norm(self.lin(x)))


class ProtoEmbedder(nn.Module):
    def __init__(self, features=16, hidden=32, out=16):
        super().__init__()
        self.blocks = nn.Sequential(EmbedBlock(features, hidden), EmbedBlock(hidden, out))

    def forward(self, x):
        return self.blocks(x)


def sample_episode(ways=5, shots=3, queries=4, features=16, device="cpu"):
    centers = torch.randn(ways, features, device=device) * 2.0
    support = centers.repeat_interleave(shots, 0) + 0.5 * torch.randn(ways * shots, features, device=device)
    query = centers.repeat_interleave(queries, 0) + 0.5 * torch.randn(ways * queries, features, device=device)
    query_labels = torch.arange(ways, device=device).repeat_interleave(queries)
    return support, query, query_labels


def proto_loss(model, support, query, query_labels, ways, shots):
    embeddings = model(torch.cat([support, query]))
    prototypes = embeddings[: ways * shots].view(ways, shots, -1).mean(1)
    logits = -torch.cdist(embeddings[ways * shots:], prototypes)
    return F.cross_entropy(logits, query_labels), (logits.argmax(-1) == query_labels).float().mean()


def episode_sync(fabric, learner, last):
    """Skip the gradient all-reduce on all but the last episode of the meta-batch (what `learner.no_sync()` did under DDP)."""
    if last:
        return contextlib.nullcontext()
    return fabric.no_backward_sync(learner, enabled=True)


def meta_train(fabric, meta_batch=3, iterations=2, ways=5, shots=3):
    learner = fabric.setup_module(ProtoEmbedder())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(learner.parameters(), lr=1e-3))
    for iteration in range(iterations):
        optimizer.zero_grad()
        accuracy = 0.0
        for task in range(meta_batch):
            support, query, labels = sample_episode(ways, shots, device=fabric.device)
            with episode_sync(fabric, learner, last=task == meta_batch - 1):
                loss, acc = proto_loss(learner, support, query, labels, ways, shots)
                fabric.backward(loss / meta_batch)
            accuracy += acc.item() / meta_batch
        optimizer.step()
        fabric.print(f"iteration {iteration}: meta-train accuracy {accuracy:.3f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={EmbedBlock}))
    fabric.launch(meta_train)
