"""Argument dataclasses, as in litgpt/args.py."""
from dataclasses import dataclass
from typing import Optional


@dataclass
class TrainArgs:
    save_interval: Optional[int] = 1000
    log_interval: int = 1
    global_batch_size: int = 8
    micro_batch_size: int = 4
    lr_warmup_steps: Optional[int] = 1
    max_tokens: Optional[int] = None
    max_steps: Optional[int] = 3
    max_seq_length: Optional[int] = 16
    max_norm: Optional[float] = 1.0
    min_lr: float = 4e-5

    def gradient_accumulation_iters(self, devices: int) -> int:
        return max(1, self.global_batch_size // (devices * self.micro_batch_size))


@dataclass
class EvalArgs:
    interval: int = 2
    max_iters: int = 2
    initial_validation: bool = False
