"""Length bucketing: messages of similar length are batched together, so little padding is wasted."""
import random

import torch
from torch.utils.data import DataLoader


def pad_batch(items):
    ids, labels = zip(*items)
    width = max(len(x) for x in ids)
    padded = torch.zeros(len(ids), width, dtype=torch.long)
    for row, x in enumerate(ids):
        padded[row, : len(x)] = x
    return padded, torch.tensor(labels)


class BucketBatches:
    """Yields padded batches; each batch is drawn from one length bucket."""

    def __init__(self, dataset, batch_size, bucket_width=4, seed=0):
        self.dataset = dataset
        self.batch_size = batch_size
        self.bucket_width = bucket_width
        self.rng = random.Random(seed)

    def _buckets(self):
        buckets = {}
        for i in range(len(self.dataset)):
            length = len(self.dataset[i][0])
            buckets.setdefault(length // self.bucket_width, []).append(i)
        return list(buckets.values())

    def __iter__(self):
        batches = []
        for indices in self._buckets():
            self.rng.shuffle(indices)
            batches += [indices[i : i + self.batch_size] for i in range(0, len(indices), self.batch_size)]
        self.rng.shuffle(batches)
        for batch in batches:
            yield pad_batch([self.dataset[i] for i in batch])

    def __len__(self):
        return sum(-(-len(b) // self.batch_size) for b in self._buckets())


def make_train_loader(dataset, batch_size):
    # Fabric takes DataLoaders only, so the first version pads per batch without bucketing
    return DataLoader(dataset, batch_size=batch_size, shuffle=True, collate_fn=pad_batch)
