"""Stand-in for the GLUE MRPC loaders of accelerate's nlp_example.py: pre-tokenized sentence pairs."""
import torch
from torch.utils.data import DataLoader, Dataset

VOCAB_SIZE = 1000
MAX_LENGTH = 32


class TokenizedPairs(Dataset):
    def __init__(self, size, seed):
        g = torch.Generator().manual_seed(seed)
        self.input_ids = torch.randint(1, VOCAB_SIZE, (size, MAX_LENGTH), generator=g)
        self.attention_mask = torch.ones(size, MAX_LENGTH, dtype=torch.long)
        self.labels = torch.randint(0, 2, (size,), generator=g)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return {"input_ids": self.input_ids[i], "attention_mask": self.attention_mask[i], "labels": self.labels[i]}


def get_dataloaders(batch_size: int = 16, eval_batch_size: int = 32):
    """Creates a set of `DataLoader`s for the train and validation splits."""
    train_dataloader = DataLoader(TokenizedPairs(64, seed=0), shuffle=True, batch_size=batch_size, drop_last=True)
    eval_dataloader = DataLoader(TokenizedPairs(32, seed=1), shuffle=False, batch_size=eval_batch_size, drop_last=True)
    return train_dataloader, eval_dataloader
