"""Synthetic tabular data and the fold split (sklearn's KFold, shuffled, without sklearn)."""
import torch


def make_table(n, features, classes, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n, features, generator=g)
    w = torch.randn(features, classes, generator=g)
    return x, (x @ w).argmax(-1)


def kfold_indices(n, k, seed=0):
    perm = torch.randperm(n, generator=torch.Generator().manual_seed(seed))
    folds = perm.chunk(k)
    for i in range(k):
        yield torch.cat([f for j, f in enumerate(folds) if j != i]), folds[i]
