"""Probes registered as evaluation hooks when this module is imported."""
import torch

from metrics.hooks import eval_hook


@eval_hook
def embedding_spread(fabric, model, batch):
    anchors, _ = batch
    with torch.no_grad():
        z = model.encode(anchors)
        spread = (z @ z.T).fill_diagonal_(0).abs().mean()
    fabric.print(f"mean |cos| between different sentences: {spread.item():.3f}")


@eval_hook
def pair_recall(fabric, model, batch):
    anchors, positives = batch
    with torch.no_grad():
        hits = (model.encode(anchors) @ model.encode(positives).T).argmax(-1)
        recall = (hits == torch.arange(len(hits), device=hits.device)).float().mean()
    fabric.print(f"paraphrase recall@1: {recall.item():.3f}")
