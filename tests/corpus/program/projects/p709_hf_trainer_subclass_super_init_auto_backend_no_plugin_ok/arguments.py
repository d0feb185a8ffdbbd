from dataclasses import dataclass


@dataclass
class TrainingArguments:
    output_dir: str = "out"
    bf16: bool = True
    half_precision_backend: str = "auto"
    learning_rate: float = 5e-5
    max_steps: int = 2
    per_device_train_batch_size: int = 4
    fsdp_transformer_layer_cls_to_wrap: str = "EncoderLayer"
