"""A small synthetic SMS corpus and a hashing tokenizer."""
import random

import torch
from torch.utils.data import Dataset

HAM = ["are we still on for lunch", "running late see you at 8", "can you pick up milk on the way",
       "happy birthday hope you have a great day", "meeting moved to tuesday", "call me when you land",
       "thanks for dinner last night", "the kids are asleep finally"]
SPAM = ["congratulations you won a free cruise call now", "urgent your account is locked click the link",
        "claim your prize reply yes to 80085", "cheap loans approved in minutes no credit check",
        "you have been selected for a 1000 gift card", "final notice your parcel is waiting pay the fee"]
VOCAB = 1000


def tokenize(text):
    return [1 + hash_word(w) % (VOCAB - 1) for w in text.split()]


def hash_word(word):
    h = 0
    for ch in word:
        h = (h * 31 + ord(ch)) % 1_000_003
    return h


class SmsDataset(Dataset):
    def __init__(self, n=256, seed=0):
        rng = random.Random(seed)
        self.items = []
        for _ in range(n):
            spam = rng.random() < 0.3
            text = rng.choice(SPAM if spam else HAM)
            if rng.random() < 0.5:
                text = text + " " + rng.choice(HAM)
            self.items.append((torch.tensor(tokenize(text)), float(spam)))

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]
