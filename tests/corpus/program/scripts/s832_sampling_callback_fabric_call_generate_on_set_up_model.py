# expect: LXF031
# oracle: RAISED RuntimeError: Check failed: weight->shape().get().dimensions_size() == 2 (1 vs. 2)
"""python train.py: a sampling callback, given to `Fabric(callbacks=...)`, decodes a few tokens at the end of each epoch."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

VOCAB = 64


class TinyLM(nn.Module):
    def __init__(self, vocab=VOCAB, dim=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mlp = nn.Sequential(nn.Linear(dim, dim), nn.GELU())
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, idx):
        return self.lm_head(self.mlp(self.embed(idx)))

    @torch.no_grad()
    def generate(self, idx, max_new_tokens=4):
        for _ in range(max_new_tokens):
            logits = self.lm_head(self.mlp(self.embed(idx[:, -1:])))
            idx = torch.cat([idx, logits[:, -1].argmax(-1, keepdim=True)], dim=1)
        return idx


class SampleCallback:
    def __init__(self, prompt_len=3):
        self.prompt_len = prompt_len

    def on_train_epoch_end(self, fabric, model, epoch):
        prompt = torch.zeros(1, self.prompt_len, dtype=torch.long, device=fabric.device)
        fabric.print(f"epoch {epoch} sample: {model.generate(prompt).tolist()}")


def train(fabric, epochs=1):
    model = fabric.setup_module(TinyLM())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for epoch in range(epochs):
        idx = torch.randint(0, VOCAB, (4, 8), device=fabric.device)
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, VOCAB), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.call("on_train_epoch_end", fabric=fabric, model=model, epoch=epoch)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(), callbacks=[SampleCallback()])
    fabric.launch(train)
