"""Dictionary / Corpus from word_language_model/data.py, reading a small built-in text instead of wikitext-2."""
import torch

TEXT = """the quick brown fox jumps over the lazy dog
a lazy dog sleeps in the warm sun all day
the fox runs into the dark forest at night
birds sing in the morning and the dog wakes up
""" * 6


class Dictionary:
    def __init__(self):
        self.word2idx = {}
        self.idx2word = []

    def add_word(self, word):
        if word not in self.word2idx:
            self.idx2word.append(word)
            self.word2idx[word] = len(self.idx2word) - 1
        return self.word2idx[word]

    def __len__(self):
        return len(self.idx2word)


class Corpus:
    def __init__(self, text=TEXT):
        self.dictionary = Dictionary()
        lines = text.strip().splitlines()
        split = int(len(lines) * 0.8)
        self.train = self.tokenize(lines[:split])
        self.valid = self.tokenize(lines[split:])

    def tokenize(self, lines):
        ids = [self.dictionary.add_word(w) for line in lines for w in line.split() + ["<eos>"]]
        return torch.tensor(ids, dtype=torch.long)


def batchify(data, bsz):
    nbatch = data.size(0) // bsz
    data = data.narrow(0, 0, nbatch * bsz)
    return data.view(bsz, -1).t().contiguous()
