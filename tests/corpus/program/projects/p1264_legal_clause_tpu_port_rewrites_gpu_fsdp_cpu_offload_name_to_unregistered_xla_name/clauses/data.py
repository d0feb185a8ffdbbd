"""Synthetic clauses: each type has its own frequent tokens; lengths vary, padded with 0."""
import torch

from clauses.model import CLAUSE_TYPES


def clause_batch(n, vocab, max_tokens, seed):
    gen = torch.Generator().manual_seed(seed)
    labels = torch.randint(0, len(CLAUSE_TYPES), (n,), generator=gen)
    ids = torch.randint(1, vocab, (n, max_tokens), generator=gen)
    signature = 1 + labels[:, None] * 20 + torch.randint(0, 20, (n, max_tokens), generator=gen)
    use_signature = torch.rand(n, max_tokens, generator=gen) < 0.3
    ids = torch.where(use_signature, signature, ids)
    lengths = torch.randint(max_tokens // 4, max_tokens + 1, (n, 1), generator=gen)
    ids[torch.arange(max_tokens)[None] >= lengths] = 0
    return ids, labels
