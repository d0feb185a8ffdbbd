# expect: none
# oracle: OK
# twin: p584_trainer_hook_overridden_in_entry_no_backward_sync_kept_raw_module
"""python train.py: gradient accumulation without the reduce-scatter on accumulating steps."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy

from engine.trainer import Trainer
from model import Block, Net


class ClassifierTrainer(Trainer):
    def training_step(self, batch):
        x, y = batch
        return F.cross_entropy(self.model(x), y)

    def sync_context(self, is_accumulating):
        return self.fabric.no_backward_sync(self.model, enabled=is_accumulating)


def main(fabric):
    batches = [(torch.randn(8, 32, device=fabric.device), torch.randint(0, 4, (8,), device=fabric.device))
               for _ in range(4)]
    ClassifierTrainer(fabric, grad_accum=2).fit(Net(), batches)


if __name__ == "__main__":
    fabric = Fabric(accelerator="tpu", precision="bf16-true", strategy=XLAFSDPStrategy(auto_wrap_policy={Block}))
    fabric.launch(main)
