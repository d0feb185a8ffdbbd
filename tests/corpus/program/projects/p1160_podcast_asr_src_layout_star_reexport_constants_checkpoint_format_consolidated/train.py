# expect: LXF020
# oracle: RAISED ValueError: Unknown state_dict_type: consolidated
# flagged-in: src/podasr/constants.py
"""python train.py: a few CTC steps on synthetic log-mels, then save and reload the checkpoint (src/ layout, no install)."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import podasr  # noqa: E402

STEPS = 3


def train(fabric, ckpt_dir):
    model = fabric.setup_module(podasr.CTCEncoder())
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=3e-4))
    for step in range(STEPS):
        mels, targets = podasr.synthetic_batch(seed=step)
        log_probs = model(mels.to(fabric.device))
        frames = torch.full((mels.shape[0],), log_probs.shape[0], dtype=torch.long)
        lengths = torch.full((mels.shape[0],), targets.shape[1], dtype=torch.long)
        loss = F.ctc_loss(log_probs.cpu().float(), targets, frames, lengths)
        fabric.backward(loss.to(fabric.device))
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: ctc {loss.item():.3f}")
    state = {"model": model, "optimizer": optimizer, "step": STEPS}
    fabric.save(ckpt_dir, state)
    fabric.barrier()
    fabric.load(ckpt_dir, state)
    fabric.print(f"reloaded at step {state['step']} ({podasr.constants.CHECKPOINT_FORMAT} checkpoint)")


if __name__ == "__main__":
    fabric = podasr.make_fabric()
    fabric.launch(train, os.path.join(tempfile.mkdtemp(prefix="podasr_"), "ckpt"))
