"""Overrides of the current experiment, in the `section.key=value` form the launcher scripts used to pass."""

# short debugging run on the TPU VM before the pod job
DEBUG = [
    "optim.steps=2",
    "optim.batch=8",
    "trainer.accelerator=tpu",
]

EXPERIMENT = ["model.hidden=96", "optim.lr=0.002"]
