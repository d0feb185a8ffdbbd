"""Named override lists, applied before the command line's."""

TPU_HOST = [
    "hardware.accelerator=tpu",
    "hardware.precision=bf16-true",
    "optim.lr=2e-3",
    "optim.clip_grad=True",
    "optim.max_norm=1.0",
]

DEBUG = ["steps=1", "batch_size=4"]
