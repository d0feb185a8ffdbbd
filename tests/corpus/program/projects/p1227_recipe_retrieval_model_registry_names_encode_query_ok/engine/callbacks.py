import torch

from engine.trainer import synthetic_pairs


class RecallCallback:
    def __init__(self, n_queries):
        self.n_queries = n_queries

    def on_step_end(self, trainer, step, loss):
        trainer.fabric.print(f"step {step}: in-batch loss {loss:.4f}")

    def on_fit_end(self, trainer):
        g = torch.Generator().manual_seed(99)
        q, d = trainer.fabric.to_device(synthetic_pairs(self.n_queries, g))
        with torch.no_grad():
            scores = trainer.encode(q).float().sum(-1)
        trainer.fabric.print(f"query embedding norms summed: {scores.sum().item():.2f} over {len(d)} recipes")
