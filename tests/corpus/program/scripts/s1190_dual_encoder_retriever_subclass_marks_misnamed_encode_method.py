# expect: LXF036
# oracle: RAISED AttributeError: You marked 'encode_doc' as a forward method, but `DualEncoder.encode_doc` does not exist or is not a method.
"""Dual-encoder passage retriever with in-batch negatives; the base runner marks the encoder methods listed by the subclass as forward methods."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

VOCAB, SEQ = 500, 16


class EncoderTower(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.embed = nn.EmbeddingBag(VOCAB, dim, mode="mean")
        self.proj = nn.Sequential(nn.Linear(dim, dim), nn.Tanh(), nn.Linear(dim, dim))

    def forward(self, tokens):
        return F.normalize(self.proj(self.embed(tokens)), dim=-1)


class DualEncoder(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.query_tower = EncoderTower(dim)
        self.passage_tower = EncoderTower(dim)
        self.log_temp = nn.Parameter(torch.tensor(2.0))

    def encode_query(self, tokens):
        return self.query_tower(tokens)

    def encode_passage(self, tokens):
        return self.passage_tower(tokens)

    def forward(self, queries, passages):
        return self.encode_query(queries) @ self.encode_passage(passages).T * self.log_temp.exp()


def query_passage_pairs(n):
    passages = torch.randint(0, VOCAB, (n, SEQ))
    queries = passages[:, torch.randperm(SEQ)[: SEQ // 2]]
    return queries, passages


class ContrastiveRunner:
    FORWARD_METHODS = ()
    steps = 3

    def build_model(self):
        raise NotImplementedError

    def fit(self, fabric):
        model = fabric.setup_module(self.build_model())
        for name in self.FORWARD_METHODS:
            model.mark_forward_method(name)
        optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=1e-3))
        for step in range(self.steps):
            queries, passages = fabric.to_device(query_passage_pairs(16))
            logits = model(queries, passages)
            loss = F.cross_entropy(logits, torch.arange(len(queries), device=logits.device))
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        self.index(fabric, model)

    def index(self, fabric, model):
        pass


class PassageRetriever(ContrastiveRunner):
    FORWARD_METHODS = ("encode_query", "encode_doc")

    def build_model(self):
        return DualEncoder()

    @torch.no_grad()
    def index(self, fabric, model):
        queries, passages = fabric.to_device(query_passage_pairs(8))
        scores = model.encode_query(queries) @ model.encode_passage(passages).T
        recall = (scores.argmax(dim=1) == torch.arange(8, device=scores.device)).float().mean()
        fabric.print(f"recall@1 on a fresh batch: {recall.item():.2f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={EncoderTower}))
    fabric.launch(PassageRetriever().fit)
