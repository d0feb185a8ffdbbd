from configs.defaults import DEFAULTS

# a v4-8 host: larger per-core batches, same schedule
TPU = {**DEFAULTS, "accelerator": "tpu", "batch_size": 32}
