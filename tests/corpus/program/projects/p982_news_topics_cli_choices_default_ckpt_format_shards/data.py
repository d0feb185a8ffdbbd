"""Synthetic headlines: token counts whose topic is the vocabulary quarter they mostly fall in."""
import torch


def headlines(n: int, vocab: int, topics: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    topic = torch.randint(0, topics, (n,), generator=gen)
    span = vocab // topics
    tokens = topic[:, None] * span + torch.randint(0, span, (n, 12), generator=gen)
    noise = torch.randint(0, vocab, (n, 4), generator=gen)
    counts = torch.zeros(n, vocab)
    counts.scatter_add_(1, torch.cat([tokens, noise], 1), torch.ones(n, 16))
    return counts, topic
