# expect: none
# oracle: OK
# twin: p1290_molecule_mpnn_checkpoint_state_holds_onecycle_scheduler
"""python train.py: regress a toy lipophilicity of synthetic molecules with an MPNN, one-cycle LR, periodic checkpoints."""
import tempfile
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from molgraph.featurize import ATOM_TYPES, make_batch
from molgraph.mpnn import MPNN, MessagePassing
from training.checkpointing import save_periodic, training_state


@dataclass
class Hparams:
    dim: int = 64
    rounds: int = 3
    batch_size: int = 32
    max_lr: float = 3e-3
    total_steps: int = 4
    checkpoint_every: int = 2
    run_dir: str = ""


def train(fabric, hp):
    gen = torch.Generator().manual_seed(2024 + fabric.global_rank)
    model = fabric.setup_module(MPNN(len(ATOM_TYPES), hp.dim, hp.rounds))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=hp.max_lr, weight_decay=1e-4))
    scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=hp.max_lr, total_steps=hp.total_steps)

    for step in range(1, hp.total_steps + 1):
        x, adj, mask, y = fabric.to_device(make_batch(hp.batch_size, gen))
        loss = F.mse_loss(model(x, adj, mask), y)
        optimizer.zero_grad()
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=2.0)
        optimizer.step()
        scheduler.step()
        fabric.print(f"step {step}: mse {loss.item():.4f} lr {scheduler.get_last_lr()[0]:.2e}")
        if step % hp.checkpoint_every == 0:
            path = save_periodic(fabric, hp.run_dir, training_state(model, optimizer, scheduler, step))
            fabric.print(f"  saved {path}")


if __name__ == "__main__":
    hp = Hparams(run_dir=tempfile.mkdtemp(prefix="mpnn-"))
    fabric = Fabric(accelerator="tpu", strategy=XLAFSDPStrategy(auto_wrap_policy={MessagePassing}))
    fabric.launch(train, hp)
