"""The training loop: teacher-forced steps on synthetic (features, caption) pairs, then a sample caption."""
import torch
import torch.nn.functional as F

from ..constants import BOS, FEAT_DIM, FORWARD_METHODS, LR, MAX_LEN, STEPS, VOCAB_SIZE
from ..model import CaptionDecoder
from ..utils.dist import make_fabric


def caption_batch(batch: int, seed: int):
    gen = torch.Generator().manual_seed(seed)
    feats = torch.randn(batch, FEAT_DIM, generator=gen)
    captions = torch.randint(3, VOCAB_SIZE, (batch, MAX_LEN), generator=gen)
    captions[:, 0] = BOS
    return feats, captions


def fit(fabric):
    model = fabric.setup_module(CaptionDecoder())
    for name in FORWARD_METHODS:
        model.mark_forward_method(name)
    optimizer = fabric.setup_optimizers(torch.optim.Adam(model.parameters(), lr=LR))
    for step in range(STEPS):
        feats, captions = caption_batch(8, seed=step)
        feats, captions = fabric.to_device((feats, captions))
        logits = model(feats, captions[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, VOCAB_SIZE), captions[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.3f}")
    feats, _ = caption_batch(2, seed=99)
    sample = model.greedy_decode(fabric.to_device(feats), MAX_LEN)
    fabric.print("sample caption ids:", sample.cpu().tolist())


def run():
    fabric = make_fabric()
    fabric.launch(fit)
