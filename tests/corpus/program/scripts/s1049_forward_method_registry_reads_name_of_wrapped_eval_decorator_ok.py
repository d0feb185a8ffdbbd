# expect: none
# oracle: OK
# twin: s1048_forward_method_registry_reads_name_of_unwrapped_eval_decorator
"""Character-level LM with a sampling method; methods tagged `@forward_method` are marked on the set-up model by name, under an `@evaluating` decorator."""
import functools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

FORWARD_METHODS = []


def forward_method(fn):
    """Remembers the method so the training script marks it with `mark_forward_method`."""
    FORWARD_METHODS.append(fn.__name__)
    return fn


def evaluating(fn):
    """Runs the method in eval mode without grad, then restores the previous mode."""

    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        was_training = self.training
        self.eval()
        try:
            with torch.no_grad():
                return fn(self, *args, **kwargs)
        finally:
            self.train(was_training)

    return wrapper


class CharLM(nn.Module):
    def __init__(self, vocab=64, dim=64):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.head = nn.Linear(dim, vocab)

    def forward(self, tokens):
        hidden, _ = self.rnn(self.embed(tokens))
        return self.head(hidden)

    @forward_method
    @evaluating
    def sample(self, prompt, new_tokens=8):
        tokens = prompt
        for _ in range(new_tokens):
            logits = self.forward(tokens)[:, -1]
            tokens = torch.cat([tokens, logits.argmax(-1, keepdim=True)], dim=1)
        return tokens


def train(fabric, steps=3):
    model = fabric.setup_module(CharLM())
    for name in FORWARD_METHODS:
        model.mark_forward_method(name)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(steps):
        tokens = torch.randint(0, 64, (8, 17), device=fabric.device)
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, 64), tokens[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    prompt = torch.zeros(1, 1, dtype=torch.long, device=fabric.device)
    fabric.print("sample:", model.sample(prompt).tolist())


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
