# expect: LXF031
# oracle: RAISED RuntimeError: Check failed: weight->shape().get().dimensions_size() == 2 (1 vs. 2)
# flagged-in: codegen/settings.py
"""Train a character-level code completer on snippets and show a completion at the end."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from codegen import settings
from codegen.model import ALPHABET, Completer, Layer
from utils.hooks import register_forward_methods

SNIPPETS = ["for i in range(10):\n", "def add(a, b):\n", "x = [i * 2 for i in xs]\n", "if not ok:\n    return"]


def decode(ids):
    return "".join(ALPHABET[i] if i < len(ALPHABET) else "?" for i in ids)  # the vocab is padded to 64


def encode(text):
    return [ALPHABET.index(ch) for ch in text if ch in ALPHABET]


def batch(device, context):
    rows = [encode((s * 4)[: context + 1]) for s in SNIPPETS]
    return torch.tensor(rows, device=device)


def train(fabric):
    model = fabric.setup_module(Completer(**settings.MODEL))
    register_forward_methods(model, settings.SAMPLING)
    optimizer = fabric.setup_optimizers(
        torch.optim.AdamW(model.parameters(), lr=settings.OPTIM["lr"], betas=settings.OPTIM["betas"])
    )
    for step in range(settings.OPTIM["steps"]):
        idx = batch(fabric.device, settings.MODEL["context"])
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, settings.MODEL["vocab"]), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: loss {loss.item():.4f}")
    prompt = torch.tensor([encode("def f(x):")], device=fabric.device)
    out = model.complete(prompt, max_new_tokens=settings.SAMPLING["max_new_tokens"])
    fabric.print("completion:", decode(out[0].tolist()))


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={Layer}))
    fabric.launch(train)
