# expect: LXF006
# oracle: RAISED _pickle.PicklingError: Can't pickle <function <lambda> at 0x7f529c302d40>: attribute lookup <lambda> on __main__ failed
# flagged-in: train.py
"""python train.py: masked multi-label training of the Tox21 model, sharded by parameter count."""
import torch
import torch.nn.functional as F
from torch_xla.distributed.fsdp.wrap import size_based_auto_wrap_policy

import hparams as hp
from model import ToxNet, fingerprint_batch
from sharding import build_fabric

hp.AUTO_WRAP = lambda module, recurse, unwrapped_params: size_based_auto_wrap_policy(
    module, recurse, unwrapped_params, min_num_params=hp.MIN_PARAMS
)


def train(fabric):
    model = fabric.setup_module(ToxNet(hp.N_FEATURES, hp.HIDDEN, hp.DEPTH, hp.N_TASKS))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=hp.LR))
    for step in range(hp.STEPS):
        fp, labels, mask = fabric.to_device(fingerprint_batch(hp.BATCH, hp.N_FEATURES, hp.N_TASKS, seed=step))
        per_task = F.binary_cross_entropy_with_logits(model(fp), labels, reduction="none")
        loss = (per_task * mask).sum() / mask.sum()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        fabric.print(f"step {step}: masked bce {loss.item():.4f}")


if __name__ == "__main__":
    fabric = build_fabric()
    fabric.launch(train)
