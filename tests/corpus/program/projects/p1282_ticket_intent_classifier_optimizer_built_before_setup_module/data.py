"""Synthetic support tickets: each intent has its own keywords, mixed with shared filler words."""
import random

import torch

INTENTS = {
    "billing": ["invoice", "charged", "refund", "payment", "card"],
    "login": ["password", "reset", "locked", "login", "2fa"],
    "shipping": ["package", "delivery", "tracking", "late", "courier"],
    "cancel": ["cancel", "subscription", "close", "account", "stop"],
}
FILLER = ["hi", "please", "my", "the", "is", "not", "help", "i", "need", "with", "thanks", "urgent"]
PAD, UNK = 0, 1
VOCAB = {w: i + 2 for i, w in enumerate(sorted({w for ws in INTENTS.values() for w in ws} | set(FILLER)))}
LABELS = sorted(INTENTS)


def make_ticket(rng, intent):
    words = rng.sample(INTENTS[intent], 2) + rng.sample(FILLER, rng.randint(3, 8))
    rng.shuffle(words)
    return " ".join(words)


def encode(text, max_len):
    ids = [VOCAB.get(w, UNK) for w in text.lower().split()][:max_len]
    return ids + [PAD] * (max_len - len(ids))


def make_split(n, max_len, seed):
    rng = random.Random(seed)
    labels = [rng.randrange(len(LABELS)) for _ in range(n)]
    tokens = [encode(make_ticket(rng, LABELS[y]), max_len) for y in labels]
    return torch.tensor(tokens), torch.tensor(labels)
