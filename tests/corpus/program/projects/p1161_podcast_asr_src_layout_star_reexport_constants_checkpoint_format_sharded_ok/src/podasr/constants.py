"""Constants shared by the data pipeline, the model and the training scripts."""

SAMPLE_RATE = 16_000
N_MELS = 40
VOCAB = "_ abcdefghijklmnopqrstuvwxyz'"  # index 0 is the CTC blank
HIDDEN = 64
FRAMES = 50

# one shard file per process; consolidate offline when a single file is needed
CHECKPOINT_FORMAT = "sharded"
