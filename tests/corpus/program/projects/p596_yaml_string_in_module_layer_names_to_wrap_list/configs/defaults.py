"""The default run, as YAML (the same text is written to each run's folder)."""
import yaml

DEFAULTS_YAML = """
fabric:
  accelerator: tpu
  precision: bf16-true
strategy:
  wrap_layers: [Block]
  remat_layers: []
  state_dict_type: sharded
train:
  lr: 3.0e-4
  steps: 2
  batch_size: 8
"""


def load_config(overrides=None):
    cfg = yaml.safe_load(DEFAULTS_YAML)
    for section, values in (overrides or {}).items():
        cfg.setdefault(section, {}).update(values)
    return cfg
