"""The subset of `transformers.TrainingArguments` this project reads."""
from dataclasses import dataclass
from typing import Optional


@dataclass
class TrainingArguments:
    output_dir: str
    learning_rate: float = 5e-5
    weight_decay: float = 0.0
    per_device_train_batch_size: int = 8
    gradient_accumulation_steps: int = 1
    max_grad_norm: Optional[float] = 1.0
    max_steps: int = 4
    logging_steps: int = 1
    save_steps: int = 500
    seed: int = 42
