# expect: none
# oracle: OK
# twin: p890_asr_src_layout_scripts_train_mode_passed_to_shard_kwargs_keeps_limit_all_gathers
"""python scripts/train.py: frame-level phone recognition on a TPU VM, with the src/ package of this checkout."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

from asr.factory import build  # noqa: E402
from asr.model import PhoneRecognizer  # noqa: E402


def synthetic_utterances(batch, frames, device):
    phones = torch.randint(0, 42, (batch, frames), device=device)
    feats = torch.randn(batch, frames, 40, device=device) + phones.unsqueeze(-1) / 42
    return feats, phones


def fit(fabric, steps):
    model = fabric.setup_module(PhoneRecognizer())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    for step in range(steps):
        feats, phones = synthetic_utterances(8, 50, fabric.device)
        loss = F.cross_entropy(model(feats).flatten(0, 1), phones.flatten())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: frame loss {loss.item():.4f}")


def main(mode, steps=3):
    fabric = build(mode)
    fabric.launch(fit, steps)


if __name__ == "__main__":
    main(mode="tpu")
