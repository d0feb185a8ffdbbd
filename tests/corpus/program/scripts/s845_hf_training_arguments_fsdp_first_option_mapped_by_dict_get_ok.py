# expect: none
# oracle: OK
# twin: s844_hf_training_arguments_fsdp_option_string_mapped_by_dict_get
"""HF-style TrainingArguments ported to Fabric: the `fsdp` option string is mapped to a Lightning strategy name."""
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from torch import nn

FSDP_OPTION_TO_STRATEGY = {
    "full_shard": "xla_fsdp",
    "no_shard": "xla",
}


@dataclass
class TrainingArguments:
    output_dir: str = "out"
    fsdp: str = "full_shard auto_wrap"
    fsdp_config: dict = field(default_factory=lambda: {"xla": True})
    bf16: bool = True
    learning_rate: float = 5e-5
    max_steps: int = 2
    per_device_train_batch_size: int = 8

    @property
    def fabric_precision(self):
        return "bf16-true" if self.bf16 else "32-true"

    @property
    def fabric_strategy(self):
        option = self.fsdp.lower().split()[0]
        return FSDP_OPTION_TO_STRATEGY.get(option, option)


def training_loop(fabric, args):
    model = fabric.setup_module(nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 2)))
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=args.learning_rate))
    for _ in range(args.max_steps):
        x = torch.randn(args.per_device_train_batch_size, 32, device=fabric.device)
        y = torch.randint(0, 2, (args.per_device_train_batch_size,), device=fabric.device)
        loss = F.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main(**kwargs):
    args = TrainingArguments(**kwargs)
    fabric = Fabric(accelerator="tpu", strategy=args.fabric_strategy, precision=args.fabric_precision)
    fabric.launch(training_loop, args)


if __name__ == "__main__":
    main(output_dir="out/run1")
