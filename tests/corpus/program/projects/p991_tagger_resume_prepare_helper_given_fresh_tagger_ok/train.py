# expect: none
# oracle: OK
# twin: p990_tagger_resume_prepare_helper_sets_up_trained_model_again
"""python train.py: train the POS tagger, checkpoint it, then simulate a restart that resumes from the checkpoint."""
import sys
import tempfile
from pathlib import Path

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

sys.path.insert(0, str(Path(__file__).resolve().parent / "src"))

from tagger import checkpoint  # noqa: E402
from tagger.model import Tagger, WindowMixer, sentences  # noqa: E402


def train_steps(fabric, model, optimizer, steps, seed):
    for step in range(steps):
        tokens, tags = sentences(16, 20, seed=seed + step)
        logits = model(tokens.to(fabric.device))
        loss = F.cross_entropy(logits.flatten(0, 1), tags.to(fabric.device).flatten())
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    return loss.item()


def main(fabric, out_dir):
    model = checkpoint.prepare(fabric, Tagger())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    train_steps(fabric, model, optimizer, steps=3, seed=0)
    path = checkpoint.save(fabric, out_dir, "step-3", model, optimizer, step=3)

    # after a preemption: a fresh process would rebuild the tagger and restore the weights
    model = checkpoint.prepare(fabric, Tagger(), resume_from=path)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=1e-3))
    loss = train_steps(fabric, model, optimizer, steps=2, seed=3)
    fabric.print(f"resumed run, loss {loss:.4f}")


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={WindowMixer}))
    fabric.launch(main, tempfile.mkdtemp(prefix="tagger-"))
