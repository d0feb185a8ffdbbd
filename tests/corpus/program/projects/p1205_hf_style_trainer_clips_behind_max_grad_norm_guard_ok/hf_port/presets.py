"""Named argument presets for the sweeps."""
from hf_port.training_args import TrainingArguments


def tpu_sweep_args(output_dir):
    # the sweep compares runs without clipping; None means "off", as in `TrainingArguments`
    return TrainingArguments(
        output_dir=output_dir,
        learning_rate=3e-4,
        per_device_train_batch_size=4,
        gradient_accumulation_steps=2,
        max_grad_norm=None,
        max_steps=3,
    )
