from configs.defaults import DEFAULTS

GPU = {**DEFAULTS, "accelerator": "cuda", "batch_size": 64}
