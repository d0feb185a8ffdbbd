# expect: LXF036
# oracle: RAISED AttributeError: You marked 'beam_search' as a forward method, but `SentenceScorer.beam_search` does not exist or is not a method.
"""Extractive summarizer (scores synthetic sentence vectors); evaluation decodes with the method the decoding table
names for the run's strategy, marked as a forward method so that XLA FSDP gathers the weights for it."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

SENTENCES, DIM = 12, 24

# decoding name -> method of SentenceScorer that implements it
DECODERS = {"greedy": "greedy_select", "threshold": "select_above", "beam": "beam_search"}
EVAL = {"decoding": "beam", "budget": 3}


class ScoringLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.tanh(self.fc(x))


class SentenceScorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(ScoringLayer(DIM), ScoringLayer(DIM))
        self.score = nn.Linear(DIM, 1)

    def forward(self, sentences):  # (docs, sentences, dim)
        return self.score(self.layers(sentences)).squeeze(-1)

    def greedy_select(self, sentences, budget=3):
        return self.forward(sentences).topk(budget, dim=-1).indices

    def select_above(self, sentences, budget=3, threshold=0.0):
        return (self.forward(sentences) > threshold).nonzero()

    def beam_decode(self, sentences, budget=3):
        scores = self.forward(sentences)
        return scores.topk(budget, dim=-1).indices.sort(dim=-1).values  # keep document order


def documents(n):
    sentences = torch.randn(n, SENTENCES, DIM)
    salient = (sentences[..., 0] > 0.5).float()
    return sentences, salient


def train(fabric, steps=2):
    model = fabric.setup_module(SentenceScorer())
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
    for _ in range(steps):
        sentences, salient = fabric.to_device(documents(8))
        loss = F.binary_cross_entropy_with_logits(model(sentences), salient)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()

    method = DECODERS[EVAL["decoding"]]
    model.mark_forward_method(method)
    sentences, _ = fabric.to_device(documents(2))
    with torch.no_grad():
        picked = getattr(model, method)(sentences, budget=EVAL["budget"])
    fabric.print(f"{EVAL['decoding']} picked sentences {picked.cpu().tolist()}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={ScoringLayer}))
    fabric.launch(train)
