# expect: none
# oracle: OK
# twin: s1052_accumulation_generator_yields_sync_contexts_of_raw_net
"""Audio-tagging CNN with gradient accumulation; a generator walks the micro-batches and yields each with the context that skips or allows the gradient sync."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

ACCUMULATE = 4


class AudioTagger(nn.Module):
    def __init__(self, tags=8):
        super().__init__()
        self.conv = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveMaxPool2d(1),
        )
        self.head = nn.Linear(16, tags)

    def forward(self, spec):
        return self.head(self.conv(spec).flatten(1))


def micro_batches(fabric, module, batches, every):
    """Yields (sync_context, batch); only the last micro-batch of each window syncs gradients."""
    for index, batch in enumerate(batches):
        is_boundary = (index + 1) % every == 0
        yield fabric.no_backward_sync(module, enabled=not is_boundary), batch


def random_clips(fabric, n):
    for _ in range(n):
        yield torch.randn(4, 1, 32, 32, device=fabric.device), (torch.rand(4, 8, device=fabric.device) > 0.7).float()


def train(fabric):
    net = AudioTagger()
    model = fabric.setup_module(net)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for index, (sync, (spec, tags)) in enumerate(micro_batches(fabric, model, random_clips(fabric, 2 * ACCUMULATE), ACCUMULATE)):
        with sync:
            loss = F.binary_cross_entropy_with_logits(model(spec), tags) / ACCUMULATE
            fabric.backward(loss)
        if (index + 1) % ACCUMULATE == 0:
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"update {(index + 1) // ACCUMULATE}: {loss.item() * ACCUMULATE:.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy())
    fabric.launch(train)
