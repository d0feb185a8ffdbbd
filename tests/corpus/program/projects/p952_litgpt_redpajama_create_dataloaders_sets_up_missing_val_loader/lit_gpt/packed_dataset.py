# Very loosely inspired by indexed_dataset in Fairseq, Megatron
# https://github.com/NVIDIA/Megatron-LM/blob/main/megatron/data/indexed_dataset.py
#
# Stand-in: the binary chunk files written by scripts/prepare_redpajama.py are replaced by seeded random tokens, so
# `PackedDataset` only keeps the iteration contract (blocks of `block_size` token ids, one stream per process).
import random

import torch
from torch.utils.data import IterableDataset, get_worker_info


class PackedDataset(IterableDataset):
    def __init__(self, filenames, n_chunks, block_size, seed=12345, shuffle=True, wrap=False, num_processes=1,
                 process_rank=0, vocab_size=256, n_blocks=64):
        self._filenames = filenames
        self._n_chunks = n_chunks
        self._block_size = block_size
        self._seed = seed
        self._shuffle = shuffle
        self._wrap = wrap
        self._num_processes = num_processes
        self._process_rank = process_rank
        self._vocab_size = vocab_size
        self._n_blocks = n_blocks

    def __iter__(self):
        worker_info = get_worker_info()
        num_workers = worker_info.num_workers if worker_info is not None else 1
        worker_id = worker_info.id if worker_info is not None else 0
        shard_id = self._process_rank * num_workers + worker_id
        generator = torch.Generator().manual_seed(self._seed + shard_id + hash(tuple(self._filenames)) % 1000)
        for _ in range(self._n_blocks):
            yield torch.randint(0, self._vocab_size, (self._block_size,), generator=generator)


class CombinedDataset(IterableDataset):
    def __init__(self, datasets, seed, weights=None):
        self._seed = seed
        self._datasets = datasets
        self._weights = weights
        n_datasets = len(datasets)
        if weights is None:
            self._weights = [1 / n_datasets] * n_datasets

    def __iter__(self):
        return CombinedDatasetIterator(self._datasets, self._seed, self._weights)


class CombinedDatasetIterator:
    def __init__(self, datasets, seed, weights):
        self._datasets = [iter(el) for el in datasets]
        self._weights = weights
        self._rng = random.Random(seed)

    def __next__(self):
        (dataset,) = self._rng.choices(self._datasets, weights=self._weights, k=1)
        return next(dataset)
