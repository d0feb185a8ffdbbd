# expect: none
# findings: none
"""Gradient accumulation under XLA FSDP with Fabric's own API on the set-up model."""
import torch
from torch import nn
from lightning.fabric import Fabric
from torch.utils.data import DataLoader, TensorDataset

ACCUMULATE = 8


class TinyLM(nn.Module):
    def __init__(self, vocab=8192, dim=512, layers=6):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        enc = nn.TransformerEncoderLayer(dim, 8, 2048, batch_first=True, norm_first=True)
        self.body = nn.TransformerEncoder(enc, layers)
        self.out = nn.Linear(dim, vocab)

    def forward(self, x):
        return self.out(self.body(self.emb(x)))


def train(fabric):
    data = TensorDataset(torch.randint(0, 8192, (4096, 257)))
    loader = fabric.setup_dataloaders(DataLoader(data, batch_size=16, shuffle=True, drop_last=True))
    model = TinyLM()
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=5e-4))
    for epoch in range(3):
        for i, (tokens,) in enumerate(loader):
            is_accumulating = (i + 1) % ACCUMULATE != 0
            with fabric.no_backward_sync(model, enabled=is_accumulating):
                logits = model(tokens[:, :-1])
                loss = nn.functional.cross_entropy(logits.transpose(1, 2), tokens[:, 1:])
                fabric.backward(loss / ACCUMULATE)
            if not is_accumulating:
                fabric.clip_gradients(model, optimizer, max_norm=1.0)
                optimizer.step()
                optimizer.zero_grad()
        avg = fabric.all_reduce(loss.detach(), reduce_op="mean")
        fabric.print(f"epoch {epoch}: loss {avg.item():.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy="xla_fsdp", precision="bf16-true")
    fabric.launch(train)
