# expect: LXF037
# oracle: RAISED TypeError: SpeechExperiment.should_wrap() got an unexpected keyword argument 'unwrapped_params'
"""CTC speech recogniser on synthetic filterbank frames; the experiment decides what to shard through an overridable `should_wrap` method."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn

N_MELS = 40
VOCAB = 29  # blank + 26 letters + space + apostrophe


class ConformerLiteBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(dim, 2 * dim), nn.SiLU(), nn.Linear(2 * dim, dim))
        self.conv = nn.Conv1d(dim, dim, kernel_size=3, padding=1, groups=dim)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x):
        x = x + self.ff(x)
        x = x + self.conv(x.transpose(1, 2)).transpose(1, 2)
        return self.norm(x)


class AcousticModel(nn.Module):
    def __init__(self, dim=48, depth=2):
        super().__init__()
        self.proj = nn.Linear(N_MELS, dim)
        self.blocks = nn.ModuleList(ConformerLiteBlock(dim) for _ in range(depth))
        self.classifier = nn.Linear(dim, VOCAB)

    def forward(self, frames):
        x = self.proj(frames)
        for block in self.blocks:
            x = block(x)
        return self.classifier(x).log_softmax(dim=-1)


def utterances(batch, frames=50, max_label=12):
    feats = torch.randn(batch, frames, N_MELS)
    lengths = torch.randint(4, max_label + 1, (batch,))
    labels = torch.randint(1, VOCAB, (batch, max_label))
    return feats, labels, lengths


class ShardedExperiment:
    """Base class: wraps every submodule that holds at least `min_params` parameters of its own."""

    min_params = 5_000
    steps = 3

    def should_wrap(self, module, recurse, unwrapped_params):
        if recurse:
            return True
        return unwrapped_params >= self.min_params

    def make_strategy(self):
        return XLAFSDPStrategy(auto_wrap_policy=self.should_wrap)

    def build_model(self):
        raise NotImplementedError

    def fit(self, fabric):
        model = fabric.setup_module(self.build_model())
        optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
        for step in range(self.steps):
            feats, labels, lengths = fabric.to_device(utterances(4))
            log_probs = model(feats).transpose(0, 1)
            input_lengths = torch.full((feats.size(0),), feats.size(1), dtype=torch.long, device=feats.device)
            loss = F.ctc_loss(log_probs, labels, input_lengths, lengths, zero_infinity=True)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
            fabric.print(f"step {step}: ctc {loss.item():.3f}")

    def launch(self):
        fabric = Fabric(accelerator="tpu", strategy=self.make_strategy())
        fabric.launch(self.fit)


class SpeechExperiment(ShardedExperiment):
    """Only shard whole conformer blocks (the per-layer Linear/Conv modules are too small to be worth it)."""

    def should_wrap(self, module, recurse, nonwrapped_numel):
        if recurse:
            return not isinstance(module, ConformerLiteBlock)
        return isinstance(module, ConformerLiteBlock)

    def build_model(self):
        return AcousticModel()


if __name__ == "__main__":
    SpeechExperiment().launch()
