from configs.defaults import DEFAULTS

# a v4-8 host: larger per-core batches, same schedule, full precision (the mel front end is sensitive)
TPU = {**DEFAULTS, "accelerator": "tpu", "batch_size": 32, "precision": "32-true"}
