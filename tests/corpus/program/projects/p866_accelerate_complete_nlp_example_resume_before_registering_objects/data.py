"""Stands in for the GLUE MRPC split of accelerate's complete_nlp_example.py, already tokenized (no download)."""
import torch
from torch.utils.data import DataLoader, Dataset

VOCAB_SIZE = 128
MAX_LENGTH = 16


class TokenizedPairs(Dataset):
    def __init__(self, size: int, seed: int) -> None:
        g = torch.Generator().manual_seed(seed)
        self.input_ids = torch.randint(1, VOCAB_SIZE, (size, MAX_LENGTH), generator=g)
        self.token_type_ids = (torch.arange(MAX_LENGTH) >= MAX_LENGTH // 2).long().expand(size, -1).clone()
        self.attention_mask = torch.ones(size, MAX_LENGTH, dtype=torch.long)
        self.labels = torch.randint(0, 2, (size,), generator=g)

    def __len__(self) -> int:
        return len(self.labels)

    def __getitem__(self, i):
        return {
            "input_ids": self.input_ids[i],
            "token_type_ids": self.token_type_ids[i],
            "attention_mask": self.attention_mask[i],
            "labels": self.labels[i],
        }


def get_dataloaders(batch_size: int = 16, eval_batch_size: int = 32):
    """Creates a set of `DataLoader`s for the glue dataset: the train and validation splits."""
    train_dataloader = DataLoader(TokenizedPairs(24, seed=0), shuffle=True, batch_size=batch_size, drop_last=True)
    eval_dataloader = DataLoader(TokenizedPairs(16, seed=1), shuffle=False, batch_size=eval_batch_size, drop_last=True)
    return train_dataloader, eval_dataloader
