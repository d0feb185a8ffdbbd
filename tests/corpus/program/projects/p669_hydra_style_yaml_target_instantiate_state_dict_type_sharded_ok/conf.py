"""The experiment config, hydra style. The YAML is written next to the run so that it is archived with it."""
import os

import yaml

CONFIG_YAML = """\
fabric:
  accelerator: tpu
  precision: bf16-true
strategy:
  _target_: lightning.fabric.strategies.XLAFSDPStrategy
  state_dict_type: sharded
  sequential_save: false
train:
  steps: 2
  lr: 0.001
  out_dir: checkpoints
"""


def compose(run_dir="run"):
    os.makedirs(run_dir, exist_ok=True)
    path = os.path.join(run_dir, "config.yaml")
    with open(path, "w") as f:
        f.write(CONFIG_YAML)
    with open(path) as f:
        return yaml.safe_load(f)
