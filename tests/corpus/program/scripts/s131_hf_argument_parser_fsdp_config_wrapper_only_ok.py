# expect: none
# oracle: OK
# twin: s130_hf_argument_parser_fsdp_config_wrapper_and_remat
"""python run_clm.py [--learning_rate 3e-4 --max_steps 2]: HF-style TrainingArguments parsed into dataclasses, fsdp_config a dict field."""
import argparse
import dataclasses
from dataclasses import dataclass, field
from typing import Any, Optional

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from lightning.fabric.strategies import XLAFSDPStrategy
from torch import nn
from torch_xla.distributed.fsdp import XlaFullyShardedDataParallel, checkpoint_module


class Block(nn.Module):
    def __init__(self, dim=32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        return x + torch.relu(self.fc(self.norm(x)))


class CausalLM(nn.Module):
    def __init__(self, dim=32, depth=2, vocab=64):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.blocks = nn.Sequential(*[Block(dim) for _ in range(depth)])
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, idx):
        return self.lm_head(self.blocks(self.embed(idx)))


def checkpointed_fsdp(module, *args, **kwargs):
    return XlaFullyShardedDataParallel(checkpoint_module(module), *args, **kwargs)


@dataclass
class ModelArguments:
    vocab_size: int = 64
    hidden_size: int = 32
    num_layers: int = 2


@dataclass
class TrainingArguments:
    learning_rate: float = 5e-5
    max_steps: int = 2
    per_device_train_batch_size: int = 4
    gradient_checkpointing: bool = False  # the wrapper already checkpoints each Block
    fsdp_config: dict[str, Any] = field(default_factory=lambda: {
        "auto_wrap_policy": {Block},
        "auto_wrapper_callable": checkpointed_fsdp,
        "state_dict_type": "sharded",
    })
    seed: Optional[int] = 42


class HfArgumentParser(argparse.ArgumentParser):
    """The transformers parser's shape: one flag per dataclass field, parsed back into the dataclasses."""

    def __init__(self, dataclass_types):
        super().__init__()
        self.dataclass_types = dataclass_types
        for dtype in dataclass_types:
            for f in dataclasses.fields(dtype):
                if f.type in (int, float, "int", "float"):
                    self.add_argument(f"--{f.name}", type=type(f.default), default=f.default)

    def parse_args_into_dataclasses(self, args=None):
        namespace = vars(self.parse_args(args))
        outputs = []
        for dtype in self.dataclass_types:
            names = {f.name for f in dataclasses.fields(dtype) if f.name in namespace}
            outputs.append(dtype(**{k: namespace[k] for k in names}))
        return tuple(outputs)


def build_strategy(training_args):
    fsdp_kwargs = dict(training_args.fsdp_config)
    if training_args.gradient_checkpointing:
        fsdp_kwargs["activation_checkpointing_policy"] = {Block}
    return XLAFSDPStrategy(**fsdp_kwargs)


def train(fabric, model_args, training_args):
    fabric.seed_everything(training_args.seed)
    model = CausalLM(model_args.hidden_size, model_args.num_layers, model_args.vocab_size)
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(torch.optim.AdamW(model.parameters(), lr=training_args.learning_rate))
    for _ in range(training_args.max_steps):
        idx = torch.randint(0, model_args.vocab_size, (training_args.per_device_train_batch_size, 8), device=fabric.device)
        logits = model(idx[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), idx[:, 1:].reshape(-1))
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    parser = HfArgumentParser((ModelArguments, TrainingArguments))
    model_args, training_args = parser.parse_args_into_dataclasses()
    fabric = Fabric(accelerator="tpu", strategy=build_strategy(training_args))
    fabric.launch(train, model_args, training_args)


if __name__ == "__main__":
    main()
