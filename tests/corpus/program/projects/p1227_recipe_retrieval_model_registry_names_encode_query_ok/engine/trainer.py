"""A small trainer that calls `on_*` hooks of its callbacks."""
import torch
import torch.nn.functional as F

from models.dual_encoder import VOCAB


def synthetic_pairs(n, generator, length=6):
    """A query shares its first three tokens with its recipe."""
    docs = torch.randint(0, VOCAB, (n, length), generator=generator)
    queries = torch.cat([docs[:, :3], torch.randint(0, VOCAB, (n, 2), generator=generator)], dim=1)
    return queries, docs


class Trainer:
    def __init__(self, fabric, spec, callbacks=()):
        self.fabric = fabric
        self.spec = spec
        self.callbacks = list(callbacks)
        self.generator = torch.Generator().manual_seed(5)
        self.model = fabric.setup_module(spec.build())
        if spec.encode_method != "forward":
            self.model.mark_forward_method(spec.encode_method)
        self.optimizer = fabric.setup_optimizers(torch.optim.Adam(self.model.parameters(), lr=1e-3))

    def encode(self, tokens):
        return getattr(self.model, self.spec.encode_method)(tokens)

    def _call(self, hook, *args):
        for cb in self.callbacks:
            fn = getattr(cb, hook, None)
            if fn is not None:
                fn(self, *args)

    def fit(self, steps):
        self._call("on_fit_start")
        for step in range(steps):
            q, d = self.fabric.to_device(synthetic_pairs(8, self.generator))
            logits = self.model(q, d)
            loss = F.cross_entropy(logits, torch.arange(len(q), device=logits.device))
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()
            self._call("on_step_end", step, loss.item())
        self._call("on_fit_end")
