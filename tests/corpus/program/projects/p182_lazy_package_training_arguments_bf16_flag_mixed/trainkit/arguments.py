"""The run's arguments, named as in transformers' TrainingArguments so the same launch scripts work."""
from dataclasses import dataclass


@dataclass
class TrainingArguments:
    learning_rate: float = 5e-5
    max_steps: int = 2
    per_device_train_batch_size: int = 8
    bf16: bool = True  # TPUs compute in bfloat16
    fp16: bool = False
