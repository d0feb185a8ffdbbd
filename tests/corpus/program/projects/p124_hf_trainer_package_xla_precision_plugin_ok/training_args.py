"""HF-style training arguments: the fields a run sets, with the defaults of the reference recipe."""
from dataclasses import dataclass, field


@dataclass
class TrainingArguments:
    output_dir: str = "out"
    learning_rate: float = 5e-4
    max_steps: int = 2
    per_device_train_batch_size: int = 8
    bf16: bool = True
    fsdp_transformer_layer_cls_to_wrap: list = field(default_factory=lambda: ["Block"])

    @property
    def train_batch_size(self) -> int:
        return self.per_device_train_batch_size
