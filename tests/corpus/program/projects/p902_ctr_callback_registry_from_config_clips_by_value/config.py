"""Run settings for the CTR model."""
FIELDS = 6
CARDINALITY = 1000
EMBED_DIM = 16
BATCH_SIZE = 64
LR = 0.05
STEPS = 3

# (registered name, constructor kwargs), in firing order
CALLBACKS = [
    ("grad_clip", {"clip_val": 1.0}),
    ("throughput", {"log_every": 1}),
]
